import { router } from '@inertiajs/react';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { route } from '@shared/route';
import { COLUMN_TYPE_LABELS } from '@shared/datasets/column-types';
import type { ColumnDiff, VersionDiff } from '@shared/datasets/datasets.pages';
import { formatNumber } from '@shared/format/number';
import { ChoiceSelect } from '../../components/choice-select';
import { DataTable, type DataTableColumn } from '../../components/data-table';

const CHANGE: Record<ColumnDiff['change'], { label: string; color: string }> = {
  added: { label: 'Added', color: 'green' },
  removed: { label: 'Removed', color: 'red' },
  retyped: { label: 'Type changed', color: 'orange' },
  changed: { label: 'Values changed', color: 'blue' },
  same: { label: 'Same', color: 'gray' },
};

const n = (v: number | null) => (v === null ? '—' : formatNumber(v));

/** "12 → 15 (+3)", or one side alone when the column is on one side only */
function pair(a: number | null, b: number | null) {
  if (a === null || b === null) return n(a ?? b);
  if (a === b) return n(a);
  const d = b - a;
  return `${n(a)} → ${n(b)} (${d > 0 ? '+' : '−'}${formatNumber(Math.abs(d))})`;
}

function textPair(a: string | null, b: string | null) {
  if (a === b) return a ?? '—';
  return `${a ?? '—'} → ${b ?? '—'}`;
}

/** sources/show: what changed per column between the current version and an earlier one */
export function VersionDiffCard({ datasetId, diff }: { datasetId: string; diff: VersionDiff }) {
  const cols: Array<DataTableColumn<ColumnDiff>> = [
    { key: 'label', title: 'Column' },
    {
      key: 'change',
      title: 'Change',
      render: (c) => (
        <Badge variant="light" color={CHANGE[c.change].color}>
          {CHANGE[c.change].label}
        </Badge>
      ),
    },
    {
      key: 'type',
      title: 'Type',
      render: (c) =>
        textPair(
          c.oldType && COLUMN_TYPE_LABELS[c.oldType],
          c.newType && COLUMN_TYPE_LABELS[c.newType],
        ),
    },
    { key: 'nulls', title: 'Empty', align: 'right', render: (c) => pair(c.oldNulls, c.newNulls) },
    {
      key: 'distinct',
      title: 'Distinct',
      align: 'right',
      render: (c) => pair(c.oldDistinct, c.newDistinct),
    },
    { key: 'min', title: 'Min', visibleFrom: 'sm', render: (c) => textPair(c.oldMin, c.newMin) },
    { key: 'max', title: 'Max', visibleFrom: 'sm', render: (c) => textPair(c.oldMax, c.newMax) },
  ];
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} size="h4">
            Changes since version {diff.from.number}
          </Title>
          {diff.choices.length > 1 && (
            <ChoiceSelect
              label="Compare with"
              w={200}
              data={diff.choices.map((c) => ({ value: c.id, label: `Version ${c.number}` }))}
              value={diff.from.id}
              onChange={(compare) =>
                compare &&
                router.get(
                  route('sources.show', { source: datasetId }),
                  { compare },
                  { preserveScroll: true, replace: true },
                )
              }
            />
          )}
        </Group>
        <Text size="sm">
          Rows: {pair(diff.from.rowCount, diff.to.rowCount)} (version {diff.from.number} → version{' '}
          {diff.to.number})
        </Text>
        <DataTable
          id="version-diff"
          caption={`Column changes from version ${diff.from.number} to ${diff.to.number}`}
          rows={diff.columns}
          rowKey={(c) => c.key}
          columns={cols}
          minWidth={640}
          emptyAction="Neither version has columns."
        />
      </Stack>
    </Card>
  );
}
