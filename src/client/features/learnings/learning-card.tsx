import { Link } from '@inertiajs/react';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { route } from '@shared/route';
import { ELEMENT_KIND_LABELS } from '@shared/toc/vocabulary';
import { CONFIDENCE_LABELS, LEARNING_STATUS_LABELS } from '@shared/learnings/learnings.schemas';
import type { LearningView } from '@shared/learnings/learnings';

const STATUS_COLOR = { open: 'blue', in_progress: 'yellow', done: 'green' } as const;
const CONFIDENCE_COLOR = { low: 'gray', medium: 'blue', high: 'teal' } as const;

/** One learning: what was learned, status, confidence, subject, evidence links, the action. */
export function LearningCard({
  learning: l,
  question,
  can,
  onEdit,
  onDelete,
}: {
  learning: LearningView;
  /** the text of the question it answers */
  question: string | null;
  can: { update: boolean; delete: boolean };
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card withBorder padding="sm" data-testid="learning">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ flex: 1 }}>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {l.summary}
          </Text>
          <Group gap={6}>
            <Badge size="sm" variant="light" color={STATUS_COLOR[l.status]}>
              {LEARNING_STATUS_LABELS[l.status]}
            </Badge>
            <Badge size="sm" variant="outline" color={CONFIDENCE_COLOR[l.confidence]}>
              {CONFIDENCE_LABELS[l.confidence]} confidence
            </Badge>
            <Text size="xs" c="dimmed">
              {l.metric ? (
                <>
                  Metric:{' '}
                  <Anchor
                    component={Link}
                    href={route('metrics.show', { metric: l.metric.id })}
                    size="xs"
                  >
                    {l.metric.name}
                  </Anchor>
                </>
              ) : l.element ? (
                <>
                  {ELEMENT_KIND_LABELS[l.element.kind]}:{' '}
                  <Anchor
                    component={Link}
                    href={route('elements.show', { element: l.element.id })}
                    size="xs"
                  >
                    {l.element.title}
                  </Anchor>
                </>
              ) : (
                'The problem as a whole'
              )}
              {question ? ` · Answers “${question}”` : ''}
            </Text>
          </Group>
          {l.evidence.length > 0 && (
            <Group gap={8}>
              <Text size="xs" fw={600}>
                Evidence:
              </Text>
              {l.evidence.map((e, i) =>
                e.url.startsWith('/') ? (
                  <Anchor key={i} component={Link} href={e.url} size="xs">
                    {e.label}
                  </Anchor>
                ) : (
                  <Anchor
                    key={i}
                    href={e.url}
                    size="xs"
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                  >
                    {e.label}
                  </Anchor>
                ),
              )}
            </Group>
          )}
          {l.action && (
            <Text size="xs">
              <Text span fw={600} size="xs">
                Action:{' '}
              </Text>
              {l.action}
              {l.actionOwner ? ` · ${l.actionOwner.name}` : ''}
              {l.actionDue ? ` · due ${l.actionDue}` : ''}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Recorded {l.createdAt.slice(0, 10)}
            {l.createdBy ? ` by ${l.createdBy}` : ''}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {can.update && (
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label="Edit learning"
              onClick={() => onEdit()}
            >
              <IconPencil size={14} />
            </Button>
          )}
          {can.delete && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              aria-label="Delete learning"
              onClick={() => onDelete()}
            >
              <IconTrash size={14} />
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}
