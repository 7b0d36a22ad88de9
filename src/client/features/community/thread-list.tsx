import { useState } from 'react';
import { Link, router } from '@inertiajs/react';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconLock, IconMessages, IconSearch } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { FeedSort, ThreadSummary } from '@shared/community/community';
import { relativeTime } from '../../lib/relative-time';
import { AuthorLine } from './author-line';

interface Props {
  threads: ThreadSummary[];
  sort: FeedSort;
  search: string;
  page: number;
  hasMore: boolean;
  /** the page's URL without query (the feed or one community) */
  baseUrl: string;
  showCommunity: boolean;
  empty: string;
}

/** Threads newest or most active first, a search over titles and text, and paging. */
export function ThreadList(p: Props) {
  const [search, setSearch] = useState(p.search);
  const go = (q: { sort?: FeedSort; search?: string; page?: number }) =>
    router.get(
      p.baseUrl,
      { sort: q.sort ?? p.sort, search: q.search ?? p.search, page: q.page ?? 1 },
      { preserveState: true, preserveScroll: true },
    );
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          aria-label="Order"
          value={p.sort}
          onChange={(v) => go({ sort: v as FeedSort, page: 1 })}
          data={[
            { value: 'newest', label: 'Newest' },
            { value: 'active', label: 'Most active' },
          ]}
        />
        <TextInput
          type="search"
          onKeyDown={(e) => e.key === 'Enter' && go({ search: search.trim() })}
          aria-label="Search threads"
          placeholder="Search threads"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      </Group>
      {p.threads.length === 0 && (
        <Card withBorder padding="lg">
          <Text c="dimmed">{p.search ? `No thread matches “${p.search}”.` : p.empty}</Text>
        </Card>
      )}
      {p.threads.map((t) => (
        <Card key={t.id} withBorder padding="md" data-testid="thread-card">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Anchor
                component={Link}
                href={route('community.threads.show', { thread: t.id })}
                fw={600}
                size="lg"
              >
                {t.title}
              </Anchor>
              <Group gap={6} wrap="nowrap">
                {t.locked && (
                  <Badge variant="light" color="gray" leftSection={<IconLock size={12} />}>
                    Locked
                  </Badge>
                )}
                {t.hidden && (
                  <Badge variant="light" color="red">
                    Hidden
                  </Badge>
                )}
              </Group>
            </Group>
            {t.excerpt && (
              <Text size="sm" lineClamp={2}>
                {t.excerpt}
              </Text>
            )}
            <Group gap="md" wrap="wrap">
              <AuthorLine author={t.author} at={t.createdAt} />
              {p.showCommunity && (
                <Anchor
                  component={Link}
                  href={route('community.show', { community: t.communityId })}
                  size="sm"
                >
                  {t.communityName}
                </Anchor>
              )}
              <Group gap={4} c="dimmed">
                <IconMessages size={16} aria-hidden />
                <Text size="sm">
                  {t.responseCount === 1 ? '1 response' : `${t.responseCount} responses`}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                Active {relativeTime(t.lastActivityAt)}
              </Text>
            </Group>
          </Stack>
        </Card>
      ))}
      {(p.page > 1 || p.hasMore) && (
        <Group justify="center">
          <Button variant="default" disabled={p.page <= 1} onClick={() => go({ page: p.page - 1 })}>
            Newer
          </Button>
          <Button variant="default" disabled={!p.hasMore} onClick={() => go({ page: p.page + 1 })}>
            Older
          </Button>
        </Group>
      )}
    </Stack>
  );
}
