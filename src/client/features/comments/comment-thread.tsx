import { lazy, Suspense } from 'react';
import { Group, Loader, Paper } from '@mantine/core';
import type { CommentThreadProps } from './comment-thread-view';

// the thread, its composer and the mention picker are their own chunk: a page that includes
// <CommentThread> does not carry that code until the thread renders
const CommentThreadView = lazy(() => import('./comment-thread-view'));

/**
 * Comments on a project, problem or element, live for everyone viewing it. Drop it into a page:
 * `<CommentThread subjectType="problem" subjectId={problem.id} />`.
 */
export function CommentThread(props: CommentThreadProps) {
  return (
    <Suspense
      fallback={
        <Paper withBorder radius="md" p="md">
          <Group justify="center">
            <Loader size="sm" role="status" aria-label="Loading comments" />
          </Group>
        </Paper>
      }
    >
      <CommentThreadView key={`${props.subjectType}:${props.subjectId}`} {...props} />
    </Suspense>
  );
}
