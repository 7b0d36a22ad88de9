import { useState } from 'react';
import { Anchor, Badge, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { dateTime } from '../../lib/relative-time';
import { disaggregationText, formatValue } from './format';
import type { EntryView, MetricView } from '@shared/metrics/metrics.pages';

export interface SeriesRow {
  period: string;
  label: string;
  baseline: number | null;
  target: number | null;
  actual: number | null;
  sources: string[];
}

interface Props {
  metric: MetricView;
  rows: SeriesRow[];
  entries: EntryView[];
  /** column title of the figure (Actual, or a category) */
  caption: string;
}

function status(metric: MetricView, r: SeriesRow) {
  if (r.actual === null || r.target === null) return null;
  const good = metric.direction === 'decrease' ? r.actual <= r.target : metric.direction === 'maintain' ? Math.abs(r.actual - r.target) <= Math.abs(r.target) * 0.05 : r.actual >= r.target;
  return good ? <Badge color="green" variant="light">On target</Badge> : <Badge color="orange" variant="light">Below target</Badge>;
}

/** Actual vs baseline vs target per period; each actual opens the entries that produced it. */
export function SeriesTable({ metric, rows, entries, caption }: Props) {
  const [open, setOpen] = useState<SeriesRow | null>(null);
  const byId = new Map(entries.map((e) => [e.id, e]));
  const traced = open ? open.sources.map((id) => byId.get(id)).filter((e): e is EntryView => !!e) : [];
  return (
    <>
      <ScrollArea>
        <Table striped highlightOnHover miw={480} aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Period</Table.Th>
              <Table.Th ta="right">Baseline</Table.Th>
              <Table.Th ta="right">Target</Table.Th>
              <Table.Th ta="right">Actual</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.period}>
                <Table.Td>{r.label}</Table.Td>
                <Table.Td ta="right">{formatValue(metric, r.baseline)}</Table.Td>
                <Table.Td ta="right">{formatValue(metric, r.target)}</Table.Td>
                <Table.Td ta="right">
                  {r.sources.length ? (
                    <Anchor component="button" type="button" fw={600} onClick={() => setOpen(r)} title="Show the entries behind this figure">
                      {formatValue(metric, r.actual)}
                    </Anchor>
                  ) : (
                    formatValue(metric, r.actual)
                  )}
                </Table.Td>
                <Table.Td>{status(metric, r)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Modal opened={!!open} onClose={() => setOpen(null)} title={open ? `${caption}, ${open.label}: ${formatValue(metric, open.actual)}` : ''} size="lg">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {metric.formula ? `Computed with ${metric.formula} from these ${traced.length} entries:` : `From these ${traced.length} entries:`}
          </Text>
          <Table aria-label="Entries behind the figure">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Data point</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th ta="right">Value</Table.Th>
                <Table.Th>Entered by</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {traced.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td ff="monospace">{e.dataPointKey}</Table.Td>
                  <Table.Td>{disaggregationText(e.disaggregation)}</Table.Td>
                  <Table.Td ta="right">{e.value.toLocaleString('en')}</Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {e.enteredBy ?? 'Someone'}, {e.createdAt ? dateTime(e.createdAt) : ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Modal>
    </>
  );
}
