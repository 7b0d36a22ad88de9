import { Link } from '@inertiajs/react';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { route } from '@shared/route';
import { formatFigure, formatNumber } from '@shared/format/number';
import type { IpttTable } from '@shared/insights/iptt';
import type { MetricInsight } from '@shared/insights/insights';
import { STATUS_LABELS } from '@shared/insights/status';
import { ScrollX } from '../../components/scroll-x';
import { STATUS_COLOR } from './status';

/** The indicator performance tracking table on screen (the same model as the XLSX and PDF). */
export function IpttTableView({ table, metrics }: { table: IpttTable; metrics: MetricInsight[] }) {
  const byId = new Map(metrics.map((m) => [m.id, m]));
  const pct = (v: number | null) => (v === null ? '—' : `${formatNumber(v, 0)}%`);
  return (
    <ScrollX label="Indicator performance tracking table">
      <Table
        withTableBorder
        withColumnBorders
        striped
        fz="xs"
        miw={600}
        data-testid="iptt"
        style={{ whiteSpace: 'nowrap' }}
      >
        <caption style={{ textAlign: 'left', captionSide: 'top', padding: 4 }}>
          <Text size="xs" c="dimmed" span>
            Indicator performance tracking table: targets, actuals and % achieved per period.
          </Text>
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th rowSpan={2}>Indicator</Table.Th>
            <Table.Th rowSpan={2}>Baseline</Table.Th>
            {table.periods.map((p) => (
              <Table.Th key={p.key} colSpan={3} style={{ textAlign: 'center' }}>
                {p.label}
              </Table.Th>
            ))}
            <Table.Th rowSpan={2}>Status</Table.Th>
            <Table.Th rowSpan={2}>Notes</Table.Th>
          </Table.Tr>
          <Table.Tr>
            {table.periods.map((p) => [
              <Table.Th key={`${p.key}t`}>Target</Table.Th>,
              <Table.Th key={`${p.key}a`}>Actual</Table.Th>,
              <Table.Th key={`${p.key}p`}>%</Table.Th>,
            ])}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((r) => {
            const m = byId.get(r.metricId);
            return (
              <Table.Tr key={r.metricId}>
                <Table.Td miw={200} style={{ whiteSpace: 'normal' }}>
                  <Anchor
                    component={Link}
                    href={route('metrics.show', { metric: r.metricId })}
                    size="xs"
                    fw={600}
                  >
                    {r.indicator}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {r.level}: {r.result}
                  </Text>
                </Table.Td>
                <Table.Td>{formatFigure(r.baseline, m)}</Table.Td>
                {table.periods.map((p) => {
                  const c = r.cells[p.key];
                  return [
                    <Table.Td key={`${p.key}t`}>{formatFigure(c?.target ?? null, m)}</Table.Td>,
                    <Table.Td key={`${p.key}a`}>{formatFigure(c?.actual ?? null, m)}</Table.Td>,
                    <Table.Td key={`${p.key}p`}>{pct(c?.achieved ?? null)}</Table.Td>,
                  ];
                })}
                <Table.Td>
                  {m?.status ? (
                    <Badge size="xs" variant="light" color={STATUS_COLOR[m.status]}>
                      {STATUS_LABELS[m.status]}
                    </Badge>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-line' }} miw={160}>
                  {r.notes || '—'}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollX>
  );
}
