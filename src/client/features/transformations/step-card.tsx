import { ActionIcon, Alert, Badge, Button, Card, Group, Stack, Switch, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { STEP_KIND_LABELS } from '@shared/transformations/describe';
import type { StepItem } from '@shared/transformations/transformations.pages';
import { pluralWord } from '@shared/format/plural';
import { count } from '../sources/labels';

interface Props {
  item: StepItem;
  index: number;
  total: number;
  shown: boolean;
  busy: boolean;
  onEdit: () => void;
  onMove: (by: -1 | 1) => void;
  onToggle: () => void;
  onDelete: () => void;
  onShow: () => void;
}

/** One step in the recipe: its words, its counts on the sample, and its buttons */
export function StepCard({
  item,
  index,
  total,
  shown,
  busy,
  onEdit,
  onMove,
  onToggle,
  onDelete,
  onShow,
}: Props) {
  const n = index + 1;
  const c = item.counts;
  const label = (k: string) => item.columnsBefore.find((x) => x.key === k)?.label ?? k;
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      aria-label={`Step ${n}`}
      component="section"
      bg={shown ? 'var(--mantine-color-blue-light)' : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={700} size="sm">
                {n}. {STEP_KIND_LABELS[item.step.kind]}
              </Text>
              {!item.step.enabled && (
                <Badge color="gray" variant="light">
                  Disabled
                </Badge>
              )}
            </Group>
            <Text size="sm">{item.text}</Text>
          </Stack>
          <Switch
            aria-label={`Step ${n} enabled`}
            checked={item.step.enabled}
            onChange={onToggle}
            disabled={busy}
          />
        </Group>
        {c && (
          <Text size="xs" c="dimmed" data-testid={`counts-${n}`}>
            Rows {count(c.rowsIn)} → {count(c.rowsOut)}
            {c.rowsOut !== c.rowsIn ? ` (${count(c.rowsIn - c.rowsOut)} removed)` : ''} ·{' '}
            {count(c.valuesChanged)} {pluralWord(c.valuesChanged, 'value')} changed
            {c.failed ? ` · ${count(c.failed)} did not convert` : ''}
            {c.touches.length ? ` · columns: ${c.touches.map(label).join(', ')}` : ''}
          </Text>
        )}
        {c && c.failedValues.length > 0 && (
          <Text size="xs" c="var(--pw-warning-text)">
            Not converted: {c.failedValues.map((v) => `“${v}”`).join(', ')}
          </Text>
        )}
        {item.error && (
          <Alert color="red" variant="light" p="xs" role="alert">
            {item.error.message}
          </Alert>
        )}
        <Group gap={4}>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconEye size={14} />}
            onClick={onShow}
            disabled={!c}
            aria-pressed={shown}
          >
            Data after step {n}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPencil size={14} />}
            onClick={onEdit}
            disabled={busy}
          >
            Edit
          </Button>
          <ActionIcon
            variant="subtle"
            aria-label={`Move step ${n} up`}
            disabled={busy || index === 0}
            onClick={() => onMove(-1)}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move step ${n} down`}
            disabled={busy || index === total - 1}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete step ${n}`}
            disabled={busy}
            onClick={onDelete}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Stack>
    </Card>
  );
}
