import { Head } from '@inertiajs/react';
import { Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import { ProblemForm } from '../../features/problems/problem-form';
import { ProblemBreadcrumbs } from '../../features/problems/problem-header';
import { PageTitle } from '../../components/page-title';
import type { PagePropsOf } from '@shared/pages';

/** problems/create: a new problem in a project (the root of a theory of change). */
export default function CreateProblem({ project, statuses }: PagePropsOf<'problems/create'>) {
  const back = route('projects.show', { project: project.id });
  return (
    <Stack gap="md" maw={860}>
      <Head title="New problem" />
      <ProblemBreadcrumbs project={project} current="New problem" />
      <div>
        <PageTitle>New problem</PageTitle>
        <Text c="dimmed" size="sm">
          Describe the problem {project.name} works on. You will build its theory of change
          (activities, outputs, outcomes, impact) next.
        </Text>
      </div>
      <ProblemForm
        statuses={statuses}
        submitLabel="Create problem"
        cancelHref={back}
        onSubmit={(form) => form.post(route('problems.store', { project: project.id }))}
      />
    </Stack>
  );
}
