import { useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../features/projects/page-header';
import { JoinButton } from '../../features/community/join-button';
import { NewCommunityButton } from '../../features/community/new-community-button';

/** community/communities: browse communities of practice, join one, or start your own */
export default function CommunityBrowse({
  communities,
  search,
}: PagePropsOf<'community/communities'>) {
  const [q, setQ] = useState(search);
  const find = () =>
    router.get(route('community.communities'), { search: q.trim() }, { preserveState: true });
  return (
    <Stack gap="lg">
      <Head title="Communities" />
      <PageHeader
        crumbs={[{ label: 'Community', href: route('community.feed') }, { label: 'Communities' }]}
        title="Communities"
        subtitle="Communities of practice span teams: join those of your field to ask and share."
        actions={<NewCommunityButton />}
      />
      <TextInput
        type="search"
        onKeyDown={(e) => e.key === 'Enter' && find()}
        aria-label="Search communities"
        placeholder="Search communities"
        leftSection={<IconSearch size={16} />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        maw={420}
      />
      {communities.length === 0 && (
        <Card withBorder padding="lg">
          <Text c="dimmed">
            {search
              ? `No community matches “${search}”.`
              : 'There is no community yet. Start the first one with “New community”.'}
          </Text>
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {communities.map((c) => (
          <Card key={c.id} withBorder padding="md" data-testid="community-card">
            <Stack gap="xs" h="100%" justify="space-between">
              <Stack gap={4}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Anchor
                    component={Link}
                    href={route('community.show', { community: c.id })}
                    fw={600}
                  >
                    {c.name}
                  </Anchor>
                  <Badge variant="light" color={c.joinPolicy === 'open' ? 'teal' : 'grape'}>
                    {c.joinPolicy === 'open' ? 'Open' : 'On request'}
                  </Badge>
                </Group>
                {c.description && (
                  <Text size="sm" lineClamp={3}>
                    {c.description}
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  {c.memberCount === 1 ? '1 member' : `${c.memberCount} members`} ·{' '}
                  {c.threadCount === 1 ? '1 thread' : `${c.threadCount} threads`}
                </Text>
              </Stack>
              <Group>
                {c.myStatus === 'active' ? (
                  <Badge variant="outline">{c.myRole === 'member' ? 'Member' : c.myRole}</Badge>
                ) : (
                  <JoinButton c={c} />
                )}
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
