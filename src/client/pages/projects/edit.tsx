import { Head } from '@inertiajs/react';
import { Card, Stack } from '@mantine/core';
import { route } from '@shared/route';
import { PageHeader } from '../../features/projects/page-header';
import { ProjectForm } from '../../features/projects/project-form';
import type { PagePropsOf } from '@shared/pages';

/** projects/edit */
export default function EditProject({ project }: PagePropsOf<'projects/edit'>) {
  const show = route('projects.show', { project: project.id });
  return (
    <Stack maw={860} gap="lg">
      <Head title={`Edit ${project.name}`} />
      <PageHeader
        crumbs={[
          { label: 'Projects', href: route('projects.index') },
          { label: project.name, href: show },
          { label: 'Edit' },
        ]}
        title="Edit project"
        subtitle={project.name}
      />
      <Card withBorder padding="lg" radius="md">
        <ProjectForm
          initial={project}
          method="put"
          action={route('projects.update', { project: project.id })}
          submitLabel="Save changes"
          cancelHref={show}
        />
      </Card>
    </Stack>
  );
}
