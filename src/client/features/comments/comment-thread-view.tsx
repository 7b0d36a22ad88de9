import { useEffect, useState } from 'react';
import { Alert, Button, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { CommentSubject } from '@shared/toc/vocabulary';
import { CommentComposer } from './comment-composer';
import { CommentItem } from './comment-item';
import { useCommentThread } from './use-comment-thread';

export interface CommentThreadProps {
  subjectType: CommentSubject;
  subjectId: string;
  /** heading above the thread; null for none */
  title?: string | null;
}

/** Re-render every minute so "2 minutes ago" stays true. */
function useMinuteTick() {
  const [, set] = useState(0);
  useEffect(() => {
    const id = setInterval(() => set((n) => n + 1), 60_000);
    return () => clearInterval(id);
  }, []);
}

/** The thread itself (loaded lazily through comment-thread.tsx). */
export default function CommentThreadView({
  subjectType,
  subjectId,
  title = 'Comments',
}: CommentThreadProps) {
  const { data, loadError, reload, add, edit, remove } = useCommentThread(subjectType, subjectId);
  useMinuteTick();
  const count = data?.comments.length ?? 0;

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={title ?? 'Comments'}
      data-testid="comment-thread"
    >
      <Stack gap="md">
        {title !== null && (
          <Group justify="space-between">
            <Title order={3} size="h4">
              {title}
              {count > 0 && (
                <Text span c="dimmed" fw={400} ml={6} size="sm">
                  {count}
                </Text>
              )}
            </Title>
          </Group>
        )}
        {loadError ? (
          <Alert color="red" variant="light" title={loadError}>
            <Button size="xs" variant="light" color="red" onClick={reload}>
              Try again
            </Button>
          </Alert>
        ) : !data ? (
          <Group justify="center" py="md" aria-busy="true">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Loading comments…
            </Text>
          </Group>
        ) : (
          <>
            {data.hasOlder && (
              <Text size="xs" c="dimmed" ta="center">
                Showing the latest {count} comments.
              </Text>
            )}
            {count === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="sm" data-testid="comments-empty">
                No comments yet. Start the discussion — type @ to mention a teammate.
              </Text>
            ) : (
              <Stack gap="md" data-testid="comment-list">
                {data.comments.map((c) => (
                  <CommentItem
                    key={c.id}
                    comment={c}
                    members={data.members}
                    onEdit={edit}
                    onDelete={remove}
                  />
                ))}
              </Stack>
            )}
            {data.viewer.canComment && (
              <>
                <Divider />
                <CommentComposer
                  members={data.members}
                  submitLabel="Comment"
                  placeholder="Write a comment…"
                  onSubmit={add}
                />
              </>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
