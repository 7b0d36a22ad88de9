import { Link, router } from '@inertiajs/react';
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import type { ReportView } from '@shared/community/community';
import { relativeTime } from '../../lib/relative-time';

/** Open reports for the moderators: what, why, by whom; close one once handled. */
export function ReportsPanel({ reports }: { reports: ReportView[] }) {
  if (reports.length === 0)
    return (
      <Card withBorder padding="lg">
        <Text c="dimmed">No open reports. Members report a post from its menu.</Text>
      </Card>
    );
  return (
    <Stack gap="sm">
      {reports.map((r) => (
        <Card key={r.id} withBorder padding="md">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <Text size="sm">
                <b>{r.reporter}</b> reported a {r.targetType === 'thread' ? 'thread' : 'post'}{' '}
                {relativeTime(r.createdAt)}: “{r.reason}”
              </Text>
              <Anchor
                component={Link}
                size="sm"
                href={`${route('community.threads.show', { thread: r.threadId })}${r.targetType === 'post' ? `#post-${r.targetId}` : ''}`}
              >
                Open it
              </Anchor>
            </Stack>
            <Button
              size="compact-sm"
              variant="default"
              onClick={() =>
                router.post(
                  route('community.reports.resolve', { report: r.id }),
                  {},
                  { preserveScroll: true },
                )
              }
            >
              Close report
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
