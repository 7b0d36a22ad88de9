import { useState } from 'react';
import { Head, Link } from '@inertiajs/react';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { route } from '@shared/route';
import { LIBRARY_KIND_LABELS } from '@shared/libraries/sectors';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../../features/projects/page-header';
import { CopyProblemModal, CopyStrategyModal } from '../../../features/libraries/copy-modals';
import { countsText } from '../../../features/libraries/library-card';

/** community/cards/show: a library card shared in a thread, copied into the reader's team */
export default function SharedCard({
  thread,
  card,
  projects,
  problems,
  canCopy,
}: PagePropsOf<'community/cards/show'>) {
  const [copying, setCopying] = useState(false);
  const action = route('community.cards.copy', { thread: thread.id, item: card.id });
  const threadUrl = route('community.threads.show', { thread: thread.id });
  return (
    <Stack maw={860} gap="lg">
      <Head title={`${card.title} - Community`} />
      <PageHeader
        crumbs={[
          { label: 'Community', href: route('community.feed') },
          { label: thread.title, href: threadUrl },
          { label: 'Library card' },
        ]}
        title={card.title}
        subtitle="Shared in a community thread. A copy is your team’s own: adapt it freely."
      />
      <Card withBorder padding="lg" radius="md" data-testid="shared-card">
        <Stack gap="sm">
          <Group gap={6}>
            <Badge variant="light">{card.sectorLabel}</Badge>
            <Badge variant="outline">{LIBRARY_KIND_LABELS[card.kind]}</Badge>
          </Group>
          {card.summary && <Text>{card.summary}</Text>}
          <Text size="sm" c="dimmed">
            {countsText(card.counts) || 'No elements'} · {card.metricCount}{' '}
            {card.metricCount === 1 ? 'metric' : 'metrics'}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button component={Link} href={threadUrl} variant="default">
              Back to the thread
            </Button>
            {canCopy && (
              <Button
                leftSection={<IconCopy size={16} />}
                onClick={() => setCopying(true)}
                data-testid="copy-open"
              >
                {card.kind === 'problem' ? 'Copy to a project' : 'Copy strategy into a problem'}
              </Button>
            )}
          </Group>
          {!canCopy && (
            <Text size="sm" c="dimmed">
              Copying needs an editor’s role in your current team.{' '}
              <Anchor component={Link} href={route('libraries.index')}>
                Open the library
              </Anchor>{' '}
              to see what your team already has.
            </Text>
          )}
        </Stack>
      </Card>
      {card.kind === 'problem' ? (
        <CopyProblemModal
          opened={copying}
          onClose={() => setCopying(false)}
          item={card}
          projects={projects}
          action={action}
        />
      ) : (
        <CopyStrategyModal
          opened={copying}
          onClose={() => setCopying(false)}
          item={card}
          problems={problems}
          action={action}
        />
      )}
    </Stack>
  );
}
