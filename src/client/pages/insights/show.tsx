import { Head } from '@inertiajs/react';
import { Stack } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../features/projects/page-header';
import { InsightsView } from '../../features/insights/insights-view';

/** insights/show: a project's insights across its problems (the problem's own are its Insights tab). */
export default function InsightsShow({ project, insights }: PagePropsOf<'insights/show'>) {
  return (
    <Stack gap="lg" maw={1280}>
      <Head title={`Insights of ${project.name}`} />
      <PageHeader
        crumbs={[
          { label: 'Projects', href: route('projects.index') },
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: 'Insights' },
        ]}
        title="Insights"
        subtitle={`Every metric of ${project.name} against its baseline and targets, per period.`}
      />
      <InsightsView data={insights} scope={{ kind: 'project', id: project.id }} />
    </Stack>
  );
}
