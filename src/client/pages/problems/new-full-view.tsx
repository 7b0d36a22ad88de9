import { Head } from '@inertiajs/react';
import { Stack } from '@mantine/core';
import { DiagramCanvas } from '../../features/diagram/diagram-canvas';
import { ProblemHeader } from '../../features/toc-views/problem-header';
import { useCan } from '../../hooks/use-shared';
import type { PagePropsOf } from '@shared/pages';

/** problems/new-full-view: the theory of change as an interactive diagram (columns by level). */
export default function ProblemDiagram({
  problem,
  diagram,
}: PagePropsOf<'problems/new-full-view'>) {
  const can = useCan();
  const writable = !problem.project.archived;
  const fileName = `${
    problem.title
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'theory-of-change'
  }-diagram`;
  return (
    <Stack gap="sm">
      <Head title={`${problem.title} · Diagram`} />
      <ProblemHeader problem={problem} view="diagram" />
      <DiagramCanvas
        problemId={problem.id}
        fileName={fileName}
        diagram={diagram}
        can={{
          create: writable && can('content.create'),
          update: writable && can('content.update'),
          delete: writable && can('content.delete'),
        }}
      />
    </Stack>
  );
}
