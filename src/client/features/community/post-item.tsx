import { useState } from 'react';
import { router } from '@inertiajs/react';
import { Badge, Box, Button, Group, Paper, Stack } from '@mantine/core';
import { route } from '@shared/route';
import type { MentionCandidate, PostView } from '@shared/community/community';
import { AuthorLine } from './author-line';
import { ConfirmButton } from './confirm-button';
import { PostBody } from './post-body';
import { PostComposer } from './post-composer';
import { ReactionsBar } from './reactions-bar';
import { ReportButton } from './report-button';

interface Props {
  post: PostView;
  threadId: string;
  communityId: string;
  members: MentionCandidate[];
  canModerate: boolean;
  canPost: boolean;
  viewerId: string;
}

const opts = { preserveScroll: true } as const;

/** One response (with its replies and the reply form) or one reply. */
export function PostItem({
  post,
  threadId,
  communityId,
  members,
  canModerate,
  canPost,
  viewerId,
}: Props) {
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const isResponse = post.parentId === null;
  return (
    <Paper
      withBorder={isResponse}
      p={isResponse ? 'md' : 0}
      id={`post-${post.id}`}
      data-testid={isResponse ? 'response' : 'reply'}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <AuthorLine author={post.author} at={post.createdAt} edited={post.editedAt} />
          {post.hidden && (
            <Badge color="red" variant="light">
              Hidden from members
            </Badge>
          )}
        </Group>
        {editing ? (
          <PostComposer
            threadId={threadId}
            communityId={communityId}
            members={members}
            editing={{ id: post.id, body: post.body }}
            label="Edit your post"
            submitLabel="Save"
            onDone={() => setEditing(false)}
          />
        ) : (
          <PostBody html={post.html} testId="post-body" />
        )}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <ReactionsBar
            reactions={post.reactions}
            url={route('community.posts.react', { post: post.id })}
          />
          <Group gap={4}>
            {isResponse && canPost && !post.hidden && (
              <Button size="compact-sm" variant="subtle" onClick={() => setReplying((r) => !r)}>
                Reply
              </Button>
            )}
            {post.canEdit && canPost && !editing && (
              <Button size="compact-sm" variant="subtle" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            {canModerate && (
              <Button
                size="compact-sm"
                variant="subtle"
                color="gray"
                onClick={() =>
                  router.post(
                    route('community.posts.hide', { post: post.id }),
                    { hidden: !post.hidden },
                    opts,
                  )
                }
              >
                {post.hidden ? 'Show' : 'Hide'}
              </Button>
            )}
            {post.author.id !== viewerId && <ReportButton targetType="post" targetId={post.id} />}
            {post.canDelete && (
              <ConfirmButton
                label="Delete"
                question={
                  isResponse ? 'Delete this response and its replies?' : 'Delete this reply?'
                }
                confirm="Delete"
                onConfirm={() =>
                  router.delete(route('community.posts.destroy', { post: post.id }), opts)
                }
              />
            )}
          </Group>
        </Group>
        {post.replies.length > 0 && (
          <Stack
            gap="md"
            pl="md"
            ml="xs"
            style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
          >
            {post.replies.map((r) => (
              <PostItem
                key={r.id}
                post={r}
                threadId={threadId}
                communityId={communityId}
                members={members}
                canModerate={canModerate}
                canPost={canPost}
                viewerId={viewerId}
              />
            ))}
          </Stack>
        )}
        {replying && (
          <Box pl="md">
            <PostComposer
              threadId={threadId}
              communityId={communityId}
              members={members}
              parentId={post.id}
              label={`Reply to ${post.author.name}`}
              submitLabel="Reply"
              onDone={() => setReplying(false)}
              testId="reply-editor"
            />
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
