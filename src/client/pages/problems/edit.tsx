import { Head } from '@inertiajs/react';
import { Stack } from '@mantine/core';
import { route } from '@shared/route';
import { ProblemForm } from '../../features/problems/problem-form';
import { ProblemBreadcrumbs } from '../../features/problems/problem-header';
import { PageTitle } from '../../components/page-title';
import type { PagePropsOf } from '@shared/pages';

/** problems/edit: change the problem's description. */
export default function EditProblem({ problem, project, statuses }: PagePropsOf<'problems/edit'>) {
  return (
    <Stack gap="md" maw={860}>
      <Head title={`Edit ${problem.title}`} />
      <ProblemBreadcrumbs project={project} problem={problem} current="Edit" />
      <PageTitle>Edit problem</PageTitle>
      <ProblemForm
        problem={problem}
        statuses={statuses}
        submitLabel="Save"
        cancelHref={route('problems.show', { problem: problem.id })}
        onSubmit={(form) => form.put(route('problems.update', { problem: problem.id }))}
      />
    </Stack>
  );
}
