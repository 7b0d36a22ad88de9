import { useState } from 'react';
import { Avatar, Box, Button, Group, Mark, Stack, Text, Tooltip } from '@mantine/core';
import { commentSegments, type CommentPerson } from '@shared/comments/comments.schemas';
import { dateTime, relativeTime } from '../../lib/relative-time';
import { toast } from '../../lib/toast';
import { ConfirmButton } from '../teams/confirm-button';
import { CommentComposer } from './comment-composer';
import { errorText, type ThreadComment } from './use-comment-thread';

/** The body as text: React escapes it; mentions are highlighted names (their current name when known). */
function CommentBody({ comment }: { comment: ThreadComment }) {
  const names = Object.fromEntries(comment.mentions.map((m) => [m.id, m.name]));
  return (
    <Text
      size="sm"
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      data-testid="comment-body"
    >
      {commentSegments(comment.body).map((s, i) =>
        s.kind === 'text' ? (
          s.text
        ) : (
          <Mark key={i} color="blue.1" px={2} style={{ borderRadius: 4 }} fw={500}>
            @{names[s.userId] ?? s.name}
          </Mark>
        ),
      )}
    </Text>
  );
}

interface Props {
  comment: ThreadComment;
  members: CommentPerson[];
  onEdit(id: string, body: string): Promise<void>;
  onDelete(id: string): Promise<void>;
}

export function CommentItem({ comment, members, onEdit, onDelete }: Props) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const author = comment.author ?? { name: 'Deleted user', initials: '?' };

  const remove = async (close: () => void) => {
    setDeleting(true);
    try {
      await onDelete(comment.id);
      close();
      toast.success('Comment deleted.');
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Group
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      data-testid="comment"
      data-comment-id={comment.id}
    >
      <Avatar radius="xl" size={32} color="initials" name={author.name}>
        {author.initials}
      </Avatar>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600}>
            {author.name}
          </Text>
          <Tooltip label={dateTime(comment.createdAt)} withArrow>
            <Text size="xs" c="dimmed" component="time" dateTime={comment.createdAt}>
              {relativeTime(comment.createdAt)}
            </Text>
          </Tooltip>
          {comment.editedAt && (
            <Tooltip label={`Edited ${dateTime(comment.editedAt)}`} withArrow>
              <Text size="xs" c="dimmed">
                (edited)
              </Text>
            </Tooltip>
          )}
        </Group>
        {editing ? (
          <CommentComposer
            members={members}
            initial={comment.body}
            submitLabel="Save"
            autoFocus
            onCancel={() => setEditing(false)}
            onSubmit={async (body) => {
              await onEdit(comment.id, body);
              setEditing(false);
            }}
          />
        ) : (
          <Box>
            <CommentBody comment={comment} />
          </Box>
        )}
        {!editing && (comment.canEdit || comment.canDelete) && (
          <Group gap={4} ml={-8}>
            {comment.canEdit && (
              <Button
                variant="subtle"
                size="compact-xs"
                color="gray"
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
            )}
            {comment.canDelete && (
              <ConfirmButton
                variant="subtle"
                size="compact-xs"
                color="gray"
                label="Delete"
                title="Delete this comment?"
                message={
                  comment.canEdit
                    ? 'The comment is removed for everyone. This cannot be undone.'
                    : `You are deleting ${author.name}’s comment as a team administrator. This cannot be undone.`
                }
                confirmLabel="Delete comment"
                loading={deleting}
                onConfirm={(close) => void remove(close)}
              />
            )}
          </Group>
        )}
      </Stack>
    </Group>
  );
}
