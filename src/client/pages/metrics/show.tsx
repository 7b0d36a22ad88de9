import { lazy, Suspense, useMemo, useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { route } from '@shared/route';
import { METRIC_TYPE_LABELS } from '@shared/toc/vocabulary';
import { METRIC_DIRECTION_LABELS, REPORTING_PERIOD_LABELS } from '@shared/metrics/metrics.schemas';
import { isFiscal, monthName } from '@shared/metrics/fiscal';
import { useCan } from '../../hooks/use-shared';
import { TrailBreadcrumbs } from '../../features/metrics/trail-breadcrumbs';
import { MetricFormModal } from '../../features/metrics/metric-form';
import { TargetsEditor } from '../../features/metrics/targets-editor';
import { ValueForm } from '../../features/metrics/value-form';
import { EntriesList } from '../../features/metrics/entries-list';
import { SeriesTable, type SeriesRow } from '../../features/metrics/series-table';
import { DataPointsList } from '../../features/metrics/data-points-list';
import { formatValue } from '../../features/metrics/format';
import { CommentThread } from '../../features/comments/comment-thread';
import { plural } from '@shared/format/plural';
import { PageTitle } from '../../components/page-title';
import type { PagePropsOf } from '@shared/pages';

// ECharts loads with this page only, and after the rest of it
const SeriesChart = lazy(() => import('../../features/metrics/series-chart'));

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

export default function MetricShow({
  metric,
  kindLabel,
  trail,
  periods,
  targets,
  dataPoints,
  entries,
  series,
  categories,
  bindings,
}: PagePropsOf<'metrics/show'>) {
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [view, setView] = useState('total');
  const dims = metric.disaggregations;

  const byCategory = useMemo(() => {
    const dim = dims.find((d) => d.key === view);
    if (!dim) return null;
    return categories.filter((c) => c.dimension === dim.key);
  }, [view, dims, categories]);

  const dataPointKeys = useMemo(
    () => Object.fromEntries(dataPoints.map((d) => [d.id, d.key])),
    [dataPoints],
  );
  const manual = dataPoints.filter((d) => d.binding.kind === 'manual');
  const unbound = dataPoints.filter(
    (d) => bindings[d.id] && bindings[d.id].status !== 'ok' && bindings[d.id].status !== 'manual',
  );

  const chartCategories = useMemo(
    () => byCategory?.map((c) => ({ name: c.category, values: c.points.map((p) => p.actual) })),
    [byCategory],
  );

  return (
    <Stack gap="lg" maw={1100}>
      <Head title={`${metric.name} · ${kindLabel}`} />
      <TrailBreadcrumbs trail={trail} tail={[{ label: metric.name }]} />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Group gap="xs">
            <Badge variant="light">{kindLabel}</Badge>
            {metric.standardRef && (
              <Badge variant="outline" color="gray">
                {metric.standardRef}
              </Badge>
            )}
          </Group>
          <PageTitle mt={4}>{metric.name}</PageTitle>
          {metric.definition && (
            <Text c="dimmed" size="sm" maw={720}>
              {metric.definition}
            </Text>
          )}
        </div>
        <Group gap="xs">
          {can('content.update') && (
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
          )}
          {can('content.delete') && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
          )}
        </Group>
      </Group>

      <Card withBorder>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
          <Fact label="Type">
            {METRIC_TYPE_LABELS[metric.type]}
            {metric.currency ? ` (${metric.currency})` : ''}
          </Fact>
          <Fact label="Unit">{metric.unit ?? '—'}</Fact>
          <Fact label="Good change">
            {METRIC_DIRECTION_LABELS[metric.direction as keyof typeof METRIC_DIRECTION_LABELS] ??
              metric.direction}
          </Fact>
          <Fact label="Baseline">
            {formatValue(metric, metric.baselineValue)}
            {metric.baselineDate ? ` (${metric.baselineDate})` : ''}
          </Fact>
          <Fact label="Reporting">
            {REPORTING_PERIOD_LABELS[metric.period as keyof typeof REPORTING_PERIOD_LABELS] ??
              metric.period}
            {isFiscal(metric.period) ? ` (year from ${monthName(metric.fiscalStartMonth)})` : ''}
            {periods.length ? `, ${periods[0].label} – ${periods[periods.length - 1].label}` : ''}
          </Fact>
          <Fact label="Disaggregated by">
            {dims.length ? dims.map((d) => d.label).join(', ') : 'Not disaggregated'}
          </Fact>
        </SimpleGrid>
      </Card>

      <Card withBorder>
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={4}>Actual vs baseline vs target</Title>
          {dims.length > 0 && (
            <SegmentedControl
              size="xs"
              value={view}
              onChange={setView}
              data={[
                { value: 'total', label: 'Total' },
                ...dims.map((d) => ({ value: d.key, label: `By ${d.label.toLowerCase()}` })),
              ]}
            />
          )}
        </Group>
        {unbound.map((d) => (
          <Alert
            key={d.id}
            color={bindings[d.id].status === 'broken' ? 'red' : 'yellow'}
            variant="light"
            mb="sm"
            title={`${d.name} (${d.key}) has no computed values`}
          >
            <Text size="sm">
              {bindings[d.id].message}{' '}
              <Anchor component={Link} href={route('data-points.show', { dataPoint: d.id })}>
                Open the data point
              </Anchor>
            </Text>
          </Alert>
        ))}
        {periods.length === 0 ? (
          <Text size="sm" c="dimmed">
            Set the metric’s reporting range to see its figures per period.
          </Text>
        ) : (
          <Stack>
            <Suspense fallback={<Loader size="sm" />}>
              <SeriesChart
                points={series}
                categories={chartCategories}
                unit={metric.type === 'percentage' ? '%' : (metric.unit ?? undefined)}
                format={metric}
              />
            </Suspense>
            {byCategory ? (
              byCategory.map((c) => (
                <div key={c.category}>
                  <Text fw={600} size="sm" mb={4}>
                    {c.category}
                  </Text>
                  <SeriesTable
                    metric={metric}
                    caption={c.category}
                    entries={entries}
                    category={{ dimension: c.dimension, category: c.category }}
                    dataPointKeys={dataPointKeys}
                    rows={series.map((p, i): SeriesRow => ({
                      ...p,
                      actual: c.points[i]?.actual ?? null,
                      sources: c.points[i]?.sources ?? [],
                      computed: c.points[i]?.computed ?? [],
                    }))}
                  />
                </div>
              ))
            ) : (
              <SeriesTable
                metric={metric}
                caption="Actual"
                rows={series}
                entries={entries}
                dataPointKeys={dataPointKeys}
              />
            )}
            <Text size="xs" c="dimmed">
              Click a figure to see the entries, responses or dataset rows behind it.
            </Text>
          </Stack>
        )}
      </Card>

      <Card withBorder>
        <Title order={4} mb="sm">
          Targets
        </Title>
        <TargetsEditor
          key={JSON.stringify(targets) + periods.length}
          metricId={metric.id}
          periods={periods}
          targets={targets}
          canEdit={can('content.update')}
        />
      </Card>

      <Card withBorder>
        <Title order={4} mb="sm">
          Values
        </Title>
        <Stack>
          {can('content.create') && periods.length > 0 && manual.length > 0 && (
            <ValueForm metric={metric} dataPoints={manual} periods={periods} />
          )}
          {manual.length === 0 && (
            <Text size="sm" c="dimmed">
              Every data point of this metric is computed from its bound rows: nothing to enter by
              hand.
            </Text>
          )}
          <EntriesList
            metric={metric}
            entries={entries}
            dataPoints={dataPoints}
            periods={periods}
            canEdit={can('content.update')}
            canDelete={can('content.delete')}
          />
        </Stack>
      </Card>

      <Card withBorder>
        <Title order={4} mb="sm">
          Data points
        </Title>
        <DataPointsList metric={metric} dataPoints={dataPoints} canEdit={can('content.update')} />
      </Card>

      <MetricFormModal
        key={metric.updatedAt ?? ''}
        opened={editing}
        onClose={() => setEditing(false)}
        metric={metric}
        dataPointKeys={dataPoints.map((d) => d.key)}
      />
      <Modal opened={deleting} onClose={() => setDeleting(false)} title="Delete metric" centered>
        <Stack>
          <Text size="sm">
            Delete “{metric.name}”? Its {plural(dataPoints.length, 'data point')},{' '}
            {plural(entries.length, 'entered value')} and targets are deleted with it. This cannot
            be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() => router.delete(route('metrics.destroy', { metric: metric.id }))}
            >
              Delete metric
            </Button>
          </Group>
        </Stack>
      </Modal>
      <CommentThread subjectType="metric" subjectId={metric.id} />
    </Stack>
  );
}
