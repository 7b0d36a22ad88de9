import { router } from '@inertiajs/react';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import type { CommunityView, MemberView } from '@shared/community/community';

const opts = { preserveScroll: true } as const;

/** The members (and, for moderators, the requests waiting), with the moderation buttons. */
export function MembersPanel({
  community,
  members,
  canModerate,
  viewerId,
}: {
  community: CommunityView;
  members: MemberView[];
  canModerate: boolean;
  viewerId: string;
}) {
  const at = (m: MemberView) => ({ community: community.id, member: m.userId });
  const isOwner = community.myRole === 'owner';
  const pending = members.filter((m) => m.status === 'pending');
  const active = members.filter((m) => m.status === 'active');
  const row = (m: MemberView) => (
    <Group key={m.userId} justify="space-between" wrap="wrap" gap="xs" data-testid="member-row">
      <Stack gap={0}>
        <Text fw={500}>{m.name}</Text>
        {m.email && (
          <Text size="xs" c="dimmed">
            {m.email}
          </Text>
        )}
      </Stack>
      <Group gap="xs">
        {m.status === 'active' && m.role !== 'member' && <Badge variant="light">{m.role}</Badge>}
        {m.status === 'pending' && canModerate && (
          <>
            <Button
              size="compact-sm"
              onClick={() => router.post(route('community.members.approve', at(m)), {}, opts)}
            >
              Approve
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => router.delete(route('community.members.destroy', at(m)), opts)}
            >
              Decline
            </Button>
          </>
        )}
        {m.status === 'active' && isOwner && m.role !== 'owner' && (
          <Button
            size="compact-sm"
            variant="default"
            onClick={() =>
              router.put(
                route('community.members.update', at(m)),
                { role: m.role === 'moderator' ? 'member' : 'moderator' },
                opts,
              )
            }
          >
            {m.role === 'moderator' ? 'Make member' : 'Make moderator'}
          </Button>
        )}
        {m.status === 'active' &&
          canModerate &&
          m.role !== 'owner' &&
          m.userId !== viewerId &&
          (isOwner || m.role === 'member') && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() => router.delete(route('community.members.destroy', at(m)), opts)}
            >
              Remove
            </Button>
          )}
      </Group>
    </Group>
  );
  return (
    <Stack gap="md">
      {canModerate && (
        <Card withBorder padding="md">
          <Text fw={600} mb="xs">
            Requests to join
          </Text>
          {pending.length === 0 ? (
            <Text size="sm" c="dimmed">
              No one is waiting.
            </Text>
          ) : (
            <Stack gap="sm">{pending.map(row)}</Stack>
          )}
        </Card>
      )}
      <Card withBorder padding="md">
        <Text fw={600} mb="xs">
          {active.length === 1 ? '1 member' : `${active.length} members`}
        </Text>
        <Stack gap="sm">{active.map(row)}</Stack>
      </Card>
    </Stack>
  );
}
