import { memo } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconChartBar, IconPlus } from '@tabler/icons-react';
import type { DiagramNode } from '@shared/toc/diagram';
import { ELEMENT_STATUS_LABELS } from '@shared/toc/vocabulary';
import { NODE_HEIGHT, NODE_WIDTH } from './layout';
import classes from './diagram.module.css';

export const KIND_COLORS: Record<string, string> = {
  activity: 'blue',
  output: 'teal',
  outcome: 'grape',
  impact: 'orange',
};
export const STATUS_COLORS: Record<string, string> = {
  planned: 'gray',
  in_progress: 'blue',
  done: 'green',
  at_risk: 'red',
  dropped: 'dark',
};

export type ElementNodeType = Node<{ el: DiagramNode }, 'element'>;
export type ColumnNodeType = Node<
  { label: string; count: number; column: number; onAdd: ((column: number) => void) | null },
  'column'
>;

/** One element of the theory of change: its level's colour, title, status and number of metrics. */
const ElementNode = memo(function ElementNode({ data, selected }: NodeProps<ElementNodeType>) {
  const { el } = data;
  const color = KIND_COLORS[el.kind] ?? 'gray';
  return (
    <div
      className={classes.node}
      data-selected={selected || undefined}
      style={{
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        borderLeftColor: `var(--mantine-color-${color}-6)`,
      }}
      aria-label={`${el.kind} ${el.title}`}
    >
      <Handle type="target" position={Position.Left} className={classes.handle} />
      <Text size="sm" fw={600} lineClamp={2} title={el.title}>
        {el.title}
      </Text>
      <Group gap={6} mt="auto" wrap="nowrap">
        <Badge size="xs" variant="light" color={STATUS_COLORS[el.status] ?? 'gray'}>
          {ELEMENT_STATUS_LABELS[el.status] ?? el.status}
        </Badge>
        {el.metricsCount > 0 && (
          <Badge size="xs" variant="outline" color="gray" leftSection={<IconChartBar size={10} />}>
            {el.metricsCount} {el.metricsCount === 1 ? 'metric' : 'metrics'}
          </Badge>
        )}
      </Group>
      <Handle type="source" position={Position.Right} className={classes.handle} />
    </div>
  );
});

/** A column heading (level) at the top of the diagram, with "add an element here". */
const ColumnNode = memo(function ColumnNode({ data }: NodeProps<ColumnNodeType>) {
  return (
    <Group
      className={classes.column}
      style={{ width: NODE_WIDTH }}
      justify="space-between"
      wrap="nowrap"
    >
      <div>
        <Text size="xs" tt="uppercase" fw={700} c="dimmed">
          {data.label}
        </Text>
        <Text size="xs" c="dimmed">
          {data.count} {data.count === 1 ? 'element' : 'elements'}
        </Text>
      </div>
      {data.onAdd && (
        <Tooltip label={`Add to ${data.label.toLowerCase()}`}>
          <ActionIcon
            variant="light"
            size="sm"
            className="nodrag export-hidden"
            aria-label={`Add to ${data.label}`}
            onClick={() => data.onAdd?.(data.column)}
          >
            <IconPlus size={14} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
});

export const NODE_TYPES = { element: ElementNode, column: ColumnNode };
