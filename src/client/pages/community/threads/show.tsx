import { Head, Link, router } from '@inertiajs/react';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { route } from '@shared/route';
import { channels } from '@shared/realtime/channels';
import { COMMUNITY_EVENTS, type CommunityPostEvent } from '@shared/community/community';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../../features/projects/page-header';
import { AuthorLine } from '../../../features/community/author-line';
import { ConfirmButton } from '../../../features/community/confirm-button';
import { PostBody } from '../../../features/community/post-body';
import { PostComposer } from '../../../features/community/post-composer';
import { PostItem } from '../../../features/community/post-item';
import { ReactionsBar } from '../../../features/community/reactions-bar';
import { ReportButton } from '../../../features/community/report-button';
import { useChannel } from '../../../hooks/use-echo';

const opts = { preserveScroll: true } as const;

/** community/threads/show: the thread, its responses and their replies, updating live */
export default function ThreadShow({
  community,
  thread,
  posts,
  members,
  viewer,
}: PagePropsOf<'community/threads/show'>) {
  const reload = () => router.reload({ only: ['thread', 'posts'] });
  // members see new responses and changes as they happen (the members-only community channel)
  useChannel<CommunityPostEvent>(channels.community(community.id), COMMUNITY_EVENTS.posted, (e) => {
    if (e.threadId === thread.id && e.authorId !== viewer.id) reload();
  });
  useChannel<{ threadId: string }>(
    channels.community(community.id),
    COMMUNITY_EVENTS.changed,
    (e) => {
      if (e.threadId === thread.id) reload();
    },
  );
  const count = posts.reduce((n, p) => n + 1 + p.replies.length, 0);
  return (
    <Stack maw={900} gap="lg">
      <Head title={thread.title} />
      <PageHeader
        crumbs={[
          { label: 'Community', href: route('community.feed') },
          { label: community.name, href: route('community.show', { community: community.id }) },
          { label: thread.title },
        ]}
        title={thread.title}
        badge={
          <Group gap={6}>
            {thread.locked && (
              <Badge variant="light" color="gray" leftSection={<IconLock size={12} />}>
                Locked
              </Badge>
            )}
            {thread.hidden && (
              <Badge variant="light" color="red">
                Hidden from members
              </Badge>
            )}
          </Group>
        }
        actions={
          <Group gap="xs">
            <Button
              variant={thread.following ? 'light' : 'default'}
              onClick={() =>
                router.post(
                  route('community.threads.follow', { thread: thread.id }),
                  { following: !thread.following },
                  opts,
                )
              }
            >
              {thread.following ? 'Following' : 'Follow'}
            </Button>
            {thread.canEdit && (
              <Button
                component={Link}
                variant="default"
                href={route('community.threads.edit', { thread: thread.id })}
              >
                Edit
              </Button>
            )}
            {viewer.canModerate && (
              <>
                <Button
                  variant="default"
                  onClick={() =>
                    router.post(
                      route('community.threads.lock', { thread: thread.id }),
                      { locked: !thread.locked },
                      opts,
                    )
                  }
                >
                  {thread.locked ? 'Unlock' : 'Lock'}
                </Button>
                <Button
                  variant="default"
                  onClick={() =>
                    router.post(
                      route('community.threads.hide', { thread: thread.id }),
                      { hidden: !thread.hidden },
                      opts,
                    )
                  }
                >
                  {thread.hidden ? 'Show' : 'Hide'}
                </Button>
              </>
            )}
          </Group>
        }
      />
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <AuthorLine author={thread.author} at={thread.createdAt} edited={thread.editedAt} />
          <PostBody html={thread.html} testId="thread-body" />
          <Group justify="space-between" wrap="wrap">
            <ReactionsBar
              reactions={thread.reactions}
              url={route('community.threads.react', { thread: thread.id })}
            />
            <Group gap={4}>
              {thread.author.id !== viewer.id && (
                <ReportButton targetType="thread" targetId={thread.id} />
              )}
              {thread.canDelete && (
                <ConfirmButton
                  label="Delete thread"
                  question="Delete this thread with all its responses?"
                  confirm="Delete"
                  onConfirm={() =>
                    router.delete(route('community.threads.destroy', { thread: thread.id }))
                  }
                />
              )}
            </Group>
          </Group>
        </Stack>
      </Card>
      <Title order={2} size="h3">
        {count === 0 ? 'No responses yet' : count === 1 ? '1 response' : `${count} responses`}
      </Title>
      <Stack gap="md" data-testid="posts">
        {posts.map((p) => (
          <PostItem
            key={p.id}
            post={p}
            threadId={thread.id}
            communityId={community.id}
            members={members}
            canModerate={viewer.canModerate}
            canPost={viewer.canPost}
            viewerId={viewer.id}
          />
        ))}
      </Stack>
      {viewer.canPost ? (
        <Card withBorder padding="md">
          <PostComposer
            threadId={thread.id}
            communityId={community.id}
            members={members}
            label="Your response"
            submitLabel="Respond"
            testId="response-editor"
          />
          {posts.length === 0 && (
            <Text size="sm" c="dimmed" mt="xs">
              Be the first to respond. Type @ to mention a member.
            </Text>
          )}
        </Card>
      ) : (
        <Alert color="gray" icon={<IconLock size={18} />}>
          A moderator locked this thread: it takes no more responses.
        </Alert>
      )}
    </Stack>
  );
}
