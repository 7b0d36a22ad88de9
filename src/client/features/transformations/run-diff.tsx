import { router } from '@inertiajs/react';
import {
  Alert,
  Badge,
  Box,
  Card,
  Group,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { route } from '@shared/route';
import {
  BIG_DROP_SHARE,
  type DiffFilter,
  type DiffKind,
  type RunDiff,
  type RunDiffRow,
} from '@shared/transformations/transformations.pages';
import { count } from '../sources/labels';
import { DataTable, type DataTableColumn } from '../../components/data-table';

const KIND: Record<DiffKind, { label: string; color: string }> = {
  added: { label: 'Added', color: 'green' },
  removed: { label: 'Removed', color: 'red' },
  changed: { label: 'Changed', color: 'orange' },
};

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** One cell: the old value struck through beside the new one when it changed */
function Cell({ row, column }: { row: RunDiffRow; column: string }) {
  const before = row.old?.[column] ?? null;
  const after = row.new?.[column] ?? null;
  const show = (v: string | null) => (v === null ? '(empty)' : v);
  if (row.kind === 'changed' && row.changed.includes(column))
    return (
      <Box component="span" bg="var(--mantine-color-yellow-light)" px={4} data-changed="true">
        <Text span size="sm" td="line-through" c="red.9">
          {show(before)}
        </Text>
        <Text span size="sm">
          {' → '}
        </Text>
        <Text span size="sm" fw={700}>
          {show(after)}
        </Text>
      </Box>
    );
  const value = row.kind === 'removed' ? before : after;
  return (
    <Text span size="sm" c={value === null ? 'dimmed' : undefined}>
      {show(value)}
    </Text>
  );
}

/** The run's output beside the previous run's: counts, a big drop flagged, the rows that differ */
export function RunDiffView({ runId, diff }: { runId: string; diff: RunDiff }) {
  const go = (filter: DiffFilter, page = 1) =>
    router.get(
      route('transformation-runs.show', { run: runId }),
      { ...(filter !== 'all' ? { diff: filter } : {}), ...(page > 1 ? { page } : {}) },
      { preserveScroll: true, preserveState: true, only: ['diff'] },
    );
  const none = diff.added + diff.removed + diff.changed === 0;
  const columns: Array<DataTableColumn<RunDiffRow>> = [
    { key: 'sourceRow', title: 'Source row', render: (r) => r.sourceRow ?? '—' },
    {
      key: 'kind',
      title: 'Change',
      render: (r) => (
        <Badge variant="light" color={KIND[r.kind].color}>
          {KIND[r.kind].label}
        </Badge>
      ),
    },
    ...diff.columns.map((c): DataTableColumn<RunDiffRow> => ({
      key: `col-${c.key}`,
      title: c.label,
      render: (r) => <Cell row={r} column={c.key} />,
    })),
  ];
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Changes">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4">
            Compared with the previous run
          </Title>
          <Text size="sm" c="dimmed">
            Its output (version {diff.base.versionNumber}, {count(diff.base.rows)} rows) beside this
            one, row by row: rows are matched by the source row they came from.
          </Text>
        </Stack>
        {diff.removedShare >= BIG_DROP_SHARE && (
          <Alert
            color="red"
            variant="light"
            title={`This run removed ${percent(diff.removedShare)} of rows`}
          >
            {count(diff.removed)} of the previous {count(diff.base.rows)} rows are no longer in the
            output. If the source did not lose them, a step (a filter, a type change dropping rows,
            a deduplication) may be removing rows it should keep: check the removed rows below.
          </Alert>
        )}
        <SimpleGrid cols={3}>
          {(['added', 'removed', 'changed'] as const).map((k) => (
            <Stack gap={0} key={k}>
              <Text size="xs" c="dimmed">
                Rows {k}
              </Text>
              <Text size="lg" fw={600} c={diff[k] ? `${KIND[k].color}.9` : undefined}>
                {count(diff[k])}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {(diff.addedColumns.length > 0 || diff.removedColumns.length > 0) && (
          <Text size="sm">
            {diff.addedColumns.length > 0 && `New columns: ${diff.addedColumns.join(', ')}. `}
            {diff.removedColumns.length > 0 &&
              `Columns no longer there: ${diff.removedColumns.join(', ')}. `}
            Only the columns both outputs have are compared.
          </Text>
        )}
        {none ? (
          <Text size="sm">
            The same rows as the previous run: nothing was added, removed or changed.
          </Text>
        ) : diff.rows === null ? (
          <Text size="sm" c="dimmed">
            The previous output is no longer kept (the last versions are), so only the counts
            remain.
          </Text>
        ) : (
          <Stack gap="sm">
            <SegmentedControl
              aria-label="Rows to show"
              value={diff.filter}
              onChange={(v) => go(v as DiffFilter)}
              data={[
                { value: 'all', label: 'All changes' },
                { value: 'changed', label: `Changed (${count(diff.changed)})` },
                { value: 'removed', label: `Removed (${count(diff.removed)})` },
                { value: 'added', label: `Added (${count(diff.added)})` },
              ]}
              style={{ alignSelf: 'flex-start' }}
            />
            <DataTable
              id="transformation-run-diff"
              caption="Rows that differ"
              plain
              rows={diff.rows}
              rowKey={(r) => `${r.kind}-${r.oldRow ?? ''}-${r.newRow ?? ''}`}
              columns={columns}
              minWidth={Math.max(500, 160 * (diff.columns.length + 2))}
              emptyAction="No row of this kind: pick another tab above."
            />
            {diff.pageCount > 1 && (
              <Group justify="flex-end">
                <Pagination
                  total={diff.pageCount}
                  value={diff.page}
                  onChange={(p) => go(diff.filter, p)}
                  getControlProps={(c) => ({
                    'aria-label': c === 'previous' ? 'Previous page' : 'Next page',
                  })}
                />
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
