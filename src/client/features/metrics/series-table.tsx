import { useState } from 'react';
import { Link } from '@inertiajs/react';
import { Anchor, Badge, List, Modal, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import type { ComputedSource } from '@shared/metrics/series';
import { DataTable } from '../../components/data-table';
import { dateTime } from '../../lib/relative-time';
import { disaggregationText, formatValue } from './format';
import type { EntryView, MetricView } from '@shared/metrics/metrics.pages';
import { formatNumber } from '@shared/format/number';
import { useLastShown } from '../../hooks/use-last-shown';

export interface SeriesRow {
  period: string;
  label: string;
  baseline: number | null;
  target: number | null;
  actual: number | null;
  sources: string[];
  /** bound data points behind the figure (rows of responses or a dataset) */
  computed?: ComputedSource[];
}

interface Props {
  metric: MetricView;
  rows: SeriesRow[];
  entries: EntryView[];
  /** column title of the figure (Actual, or a category) */
  caption: string;
  /** the table of one category: the drill-down lists that category's rows */
  category?: { dimension: string; category: string };
  /** data point id -> key, to name the bound data points in the figure's panel */
  dataPointKeys?: Record<string, string>;
}

/** The page listing the rows behind a bound data point's figure. */
function rowsHref(
  dataPointId: string,
  period: string,
  category?: { dimension: string; category: string },
) {
  const q = new URLSearchParams({ period, ...(category ?? {}) });
  return `${route('data-points.rows', { dataPoint: dataPointId })}?${q.toString()}`;
}

function status(metric: MetricView, r: SeriesRow) {
  if (r.actual === null || r.target === null) return null;
  const good =
    metric.direction === 'decrease'
      ? r.actual <= r.target
      : metric.direction === 'maintain'
        ? Math.abs(r.actual - r.target) <= Math.abs(r.target) * 0.05
        : r.actual >= r.target;
  return good ? (
    <Badge color="green" variant="light">
      On target
    </Badge>
  ) : (
    <Badge color="orange" variant="light">
      Below target
    </Badge>
  );
}

/** Actual vs baseline vs target per period; each actual opens the entries that produced it. */
export function SeriesTable({ metric, rows, entries, caption, category, dataPointKeys }: Props) {
  const [open, setOpen] = useState<SeriesRow | null>(null);
  // the dialog keeps its title while it fades out
  const shownPeriod = useLastShown(open);
  const byId = new Map(entries.map((e) => [e.id, e]));
  const traced = open
    ? open.sources.map((id) => byId.get(id)).filter((e): e is EntryView => !!e)
    : [];
  return (
    <>
      <DataTable<SeriesRow>
        id={`metric-series-${metric.id}`}
        caption={caption}
        rows={rows}
        rowKey={(r) => r.period}
        plain
        minWidth={480}
        columns={[
          { key: 'label', title: 'Period' },
          {
            key: 'actual',
            title: caption === 'Actual' ? 'Actual' : caption,
            label: 'Actual',
            align: 'right',
            render: (r) =>
              !r.sources.length && r.computed?.length === 1 ? (
                <Anchor
                  component={Link}
                  href={rowsHref(r.computed[0].dataPointId, r.period, category)}
                  fw={600}
                  title={`Show the ${r.computed[0].rows} rows behind this figure`}
                >
                  {formatValue(metric, r.actual)}
                </Anchor>
              ) : r.sources.length || r.computed?.length ? (
                <Anchor
                  component="button"
                  type="button"
                  fw={600}
                  onClick={() => setOpen(r)}
                  title="Show the entries behind this figure"
                >
                  {formatValue(metric, r.actual)}
                </Anchor>
              ) : (
                formatValue(metric, r.actual)
              ),
          },
          { key: 'status', title: 'Status', render: (r) => status(metric, r) },
          {
            key: 'target',
            title: 'Target',
            align: 'right',
            render: (r) => formatValue(metric, r.target),
          },
          {
            key: 'baseline',
            title: 'Baseline',
            align: 'right',
            render: (r) => formatValue(metric, r.baseline),
          },
        ]}
      />
      <Modal
        opened={!!open}
        onClose={() => setOpen(null)}
        title={
          shownPeriod
            ? `${caption}, ${shownPeriod.label}: ${formatValue(metric, shownPeriod.actual)}`
            : caption
        }
        size="lg"
      >
        <Stack gap="xs">
          {!!open?.computed?.length && (
            <List size="sm">
              {open.computed.map((c) => (
                <List.Item key={c.dataPointId}>
                  <Anchor component={Link} href={rowsHref(c.dataPointId, open.period, category)}>
                    {dataPointKeys?.[c.dataPointId] ?? 'Data point'}: the {c.rows} rows behind it
                  </Anchor>
                </List.Item>
              ))}
            </List>
          )}
          <Text size="sm" c="dimmed">
            {metric.formula
              ? `Computed with ${metric.formula} from these ${traced.length} entries:`
              : `From these ${traced.length} entries:`}
          </Text>
          <DataTable<EntryView>
            id="metric-figure-entries"
            caption="Entries behind the figure"
            rows={traced}
            rowKey={(e) => e.id}
            plain
            minWidth={420}
            columns={[
              {
                key: 'dataPointKey',
                title: 'Data point',
                render: (e) => (
                  <Text size="sm" ff="monospace">
                    {e.dataPointKey}
                  </Text>
                ),
              },
              {
                key: 'disaggregation',
                title: 'Category',
                render: (e) => disaggregationText(e.disaggregation),
              },
              {
                key: 'value',
                title: 'Value',
                align: 'right',
                render: (e) => formatNumber(e.value),
              },
              {
                key: 'enteredBy',
                title: 'Entered by',
                render: (e) => (
                  <Text size="xs">
                    {e.enteredBy ?? 'Someone'}, {e.createdAt ? dateTime(e.createdAt) : ''}
                  </Text>
                ),
              },
            ]}
          />
        </Stack>
      </Modal>
    </>
  );
}
