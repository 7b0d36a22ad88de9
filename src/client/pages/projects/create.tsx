import { Head } from '@inertiajs/react';
import { Card, Stack } from '@mantine/core';
import { route } from '@shared/route';
import { PageHeader } from '../../features/projects/page-header';
import { ProjectForm } from '../../features/projects/project-form';

/** projects/create */
export default function CreateProject() {
  return (
    <Stack maw={860} gap="lg">
      <Head title="New project" />
      <PageHeader
        crumbs={[{ label: 'Projects', href: route('projects.index') }, { label: 'New project' }]}
        title="New project"
        subtitle="A project holds the problems your team works on, each with its theory of change and the metrics you track."
      />
      <Card withBorder padding="lg" radius="md">
        <ProjectForm
          method="post"
          action={route('projects.store')}
          submitLabel="Create project"
          cancelHref={route('projects.index')}
        />
      </Card>
    </Stack>
  );
}
