import { Head, Link, router } from '@inertiajs/react';
import { Alert, Anchor, Badge, Card, Group, Pagination, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import { formatNumber } from '@shared/format/number';
import { plural } from '@shared/format/plural';
import { AGGREGATION_LABELS } from '@shared/metrics/metrics.schemas';
import type { BoundRowView } from '@shared/metrics/bindings';
import type { PagePropsOf } from '@shared/pages';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { PageTitle } from '../../components/page-title';
import { TrailBreadcrumbs } from '../../features/metrics/trail-breadcrumbs';
import { dateTime } from '../../lib/relative-time';

const valueText = (v: BoundRowView['value']) =>
  v === null
    ? '—'
    : typeof v === 'boolean'
      ? v
        ? 'yes'
        : 'no'
      : Array.isArray(v)
        ? v.join(', ')
        : typeof v === 'number'
          ? formatNumber(v)
          : v;

/** The rows (responses or dataset rows) behind one computed figure of a data point: paged. */
export default function DataPointRows({
  dataPoint,
  metric,
  trail,
  period,
  category,
  origin,
  datasetId,
  valueLabel,
  figure,
  state,
  filters,
  filteredOut,
  rows,
  total,
  page,
  perPage,
}: PagePropsOf<'data-points/rows'>) {
  const metricHref = route('metrics.show', { metric: metric.id });
  const dpHref = route('data-points.show', { dataPoint: dataPoint.id });
  const pages = Math.max(1, Math.ceil(total / perPage));
  const goTo = (p: number) => {
    const q = new URLSearchParams({
      period: period.key,
      ...(category ? { dimension: category.dimension, category: category.category } : {}),
      ...Object.fromEntries(filters.map((f) => [f.name, f.value])),
      page: String(p),
    });
    router.get(`${route('data-points.rows', { dataPoint: dataPoint.id })}?${q.toString()}`);
  };
  const dims = metric.disaggregations;
  const columns: Array<DataTableColumn<BoundRowView>> = [
    { key: 'row', title: origin === 'form' ? 'Response #' : 'Row', align: 'right' },
    ...(origin === 'form'
      ? [
          {
            key: 'form',
            title: 'Form',
            render: (r: BoundRowView) =>
              r.response ? (
                <Anchor
                  component={Link}
                  href={route('responses.index', { form: r.response.formId })}
                  size="sm"
                >
                  {r.response.formName}
                </Anchor>
              ) : null,
          },
          {
            key: 'submittedAt',
            title: 'Submitted',
            render: (r: BoundRowView) => (r.response ? dateTime(r.response.submittedAt) : ''),
          },
          {
            key: 'stakeholder',
            title: 'Stakeholder',
            render: (r: BoundRowView) =>
              r.response?.stakeholder ? (
                <Anchor
                  component={Link}
                  href={route('stakeholders.show', { stakeholder: r.response.stakeholder.id })}
                  size="sm"
                >
                  {r.response.stakeholder.name || r.response.stakeholder.code}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  Anonymous
                </Text>
              ),
          },
          {
            key: 'wave',
            title: 'Wave',
            render: (r: BoundRowView) => r.response?.wave ?? '',
          },
        ]
      : []),
    {
      key: 'value',
      title: valueLabel || 'Value',
      align: 'right' as const,
      render: (r: BoundRowView) => valueText(r.value),
    },
    ...dims
      .filter((d) => Object.keys(rows[0]?.categories ?? {}).includes(d.key))
      .map((d) => ({
        key: `cat-${d.key}`,
        title: d.label,
        render: (r: BoundRowView) => r.categories[d.key] ?? '—',
      })),
  ];
  return (
    <Stack gap="lg" maw={1100}>
      <Head title={`${dataPoint.name}, ${period.label} · Rows`} />
      <TrailBreadcrumbs
        trail={trail}
        tail={[
          { label: metric.name, href: metricHref },
          { label: dataPoint.name, href: dpHref },
          { label: period.label },
        ]}
      />
      <div>
        <Group gap="xs">
          <Badge variant="light">Rows behind a figure</Badge>
          {category && (
            <Badge variant="outline" color="gray">
              {category.dimensionLabel}: {category.category}
            </Badge>
          )}
          {filters.map((f) => (
            <Badge key={f.name} variant="outline" color="gray">
              {f.label}
            </Badge>
          ))}
        </Group>
        <PageTitle mt={4}>
          {dataPoint.name}, {period.label}
          {figure !== null ? `: ${formatNumber(figure)}` : ''}
        </PageTitle>
        <Text size="sm" c="dimmed">
          The{' '}
          {AGGREGATION_LABELS[
            dataPoint.aggregation as keyof typeof AGGREGATION_LABELS
          ]?.toLowerCase() ?? dataPoint.aggregation}{' '}
          of “{valueLabel}” over {plural(total, 'row')}
          {origin === 'dataset' && datasetId && (
            <>
              {' '}
              of the{' '}
              <Anchor
                component={Link}
                href={route('sources.show', { source: datasetId })}
                size="sm"
              >
                dataset
              </Anchor>
            </>
          )}
          {metric.formula ? ` (the metric applies ${metric.formula} to it)` : ''}.
        </Text>
      </div>
      {state.status !== 'ok' && (
        <Alert color={state.status === 'broken' ? 'red' : 'yellow'} variant="light">
          {state.message || 'This data point is entered by hand: it has no rows behind it.'}{' '}
          <Anchor component={Link} href={dpHref}>
            Open the data point
          </Anchor>
        </Alert>
      )}
      {filteredOut && (
        <Alert color="yellow" variant="light" title="The filters leave this data point out">
          {filters.map((f) => f.label).join(', ')}: this data point is not measured from that wave,
          form, source or site, so no row of it counts.{' '}
          <Anchor
            component={Link}
            href={`${route('data-points.rows', { dataPoint: dataPoint.id })}?${new URLSearchParams({ period: period.key }).toString()}`}
          >
            Show the rows without the filters
          </Anchor>
        </Alert>
      )}
      <Card withBorder>
        <DataTable<BoundRowView>
          id="data-point-rows"
          caption={`Rows behind ${dataPoint.name}, ${period.label}`}
          rows={rows}
          rowKey={(r) => `${r.response?.id ?? ''}${r.row}`}
          plain
          minWidth={560}
          columns={columns}
          emptyAction={
            <Text size="sm" c="dimmed">
              {filters.length
                ? 'No rows count in this period with these filters: remove a filter to see more.'
                : 'No rows count in this period: check the binding’s period field and filter.'}
            </Text>
          }
        />
        {pages > 1 && (
          <Group justify="space-between" mt="sm">
            <Text size="sm" c="dimmed">
              {total} rows, {perPage} a page
            </Text>
            <Pagination
              total={pages}
              value={page}
              onChange={goTo}
              getControlProps={() => ({ 'aria-label': 'Go to page' })}
            />
          </Group>
        )}
      </Card>
    </Stack>
  );
}
