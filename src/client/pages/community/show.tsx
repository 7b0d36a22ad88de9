import { Head, Link, router } from '@inertiajs/react';
import { Badge, Button, Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../features/projects/page-header';
import { ThreadList } from '../../features/community/thread-list';
import { JoinButton } from '../../features/community/join-button';
import { MembersPanel } from '../../features/community/members-panel';
import { ReportsPanel } from '../../features/community/reports-panel';
import { useShared } from '../../hooks/use-shared';

/** community/show: one community: its threads, members and (moderators) reports */
export default function CommunityShow(props: PagePropsOf<'community/show'>) {
  const { community: c, members, reports, canModerate } = props;
  const { auth } = useShared();
  const member = c.myStatus === 'active';
  const pending = members.filter((m) => m.status === 'pending').length;
  return (
    <Stack gap="lg">
      <Head title={c.name} />
      <PageHeader
        crumbs={[
          { label: 'Community', href: route('community.feed') },
          { label: 'Communities', href: route('community.communities') },
          { label: c.name },
        ]}
        title={c.name}
        badge={
          <Badge variant="light" color={c.joinPolicy === 'open' ? 'teal' : 'grape'}>
            {c.joinPolicy === 'open' ? 'Open' : 'On request'}
          </Badge>
        }
        subtitle={c.description || undefined}
        actions={
          <Group gap="sm">
            {member && (
              <Button
                component={Link}
                href={route('community.threads.create', { community: c.id })}
                leftSection={<IconPlus size={16} />}
              >
                New thread
              </Button>
            )}
            {member && c.myRole !== 'owner' && (
              <Button
                variant="default"
                onClick={() => router.post(route('community.leave', { community: c.id }))}
              >
                Leave
              </Button>
            )}
            {c.myStatus === 'pending' && (
              <Button
                variant="default"
                onClick={() => router.post(route('community.leave', { community: c.id }))}
              >
                Withdraw request
              </Button>
            )}
            <JoinButton c={c} />
          </Group>
        }
      />
      <Text size="sm" c="dimmed">
        {c.memberCount === 1 ? '1 member' : `${c.memberCount} members`} ·{' '}
        {c.threadCount === 1 ? '1 thread' : `${c.threadCount} threads`}
      </Text>
      {!member ? (
        <Card withBorder padding="lg">
          <Text c="dimmed">
            {c.myStatus === 'pending'
              ? 'Your request is waiting for a moderator. You will be told when you are in.'
              : c.joinPolicy === 'open'
                ? 'Join to read the threads and take part.'
                : 'Ask to join: a moderator lets you in, then you can read the threads and take part.'}
          </Text>
        </Card>
      ) : (
        <Tabs defaultValue="threads" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="threads">Threads</Tabs.Tab>
            <Tabs.Tab value="members">
              Members{canModerate && pending > 0 ? ` (${pending} waiting)` : ''}
            </Tabs.Tab>
            {canModerate && <Tabs.Tab value="reports">Reports ({reports.length})</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="threads" pt="md">
            <ThreadList
              {...props}
              baseUrl={route('community.show', { community: c.id })}
              showCommunity={false}
              empty="No threads yet. Start one with “New thread”: ask a question or share what worked."
            />
          </Tabs.Panel>
          <Tabs.Panel value="members" pt="md">
            <MembersPanel
              community={c}
              members={members}
              canModerate={canModerate}
              viewerId={auth.user?.id ?? ''}
            />
          </Tabs.Panel>
          {canModerate && (
            <Tabs.Panel value="reports" pt="md">
              <ReportsPanel reports={reports} />
            </Tabs.Panel>
          )}
        </Tabs>
      )}
    </Stack>
  );
}
