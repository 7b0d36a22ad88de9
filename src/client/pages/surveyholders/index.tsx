import { Head } from '@inertiajs/react';
import { Stack } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../features/projects/page-header';
import { FormsList } from '../../features/forms/forms-list';

/** surveyholders/index: a project's survey forms. */
export default function SurveyForms({ project, forms, can }: PagePropsOf<'surveyholders/index'>) {
  return (
    <Stack gap="lg">
      <Head title={`Survey forms: ${project.name}`} />
      <PageHeader
        crumbs={[
          { label: 'Projects', href: route('projects.index') },
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: 'Survey forms' },
        ]}
        title="Survey forms"
        subtitle="Questionnaires answered in waves, anonymously or by registered stakeholders."
      />
      <FormsList project={project} forms={forms} kind="survey" canCreate={can.create} />
    </Stack>
  );
}
