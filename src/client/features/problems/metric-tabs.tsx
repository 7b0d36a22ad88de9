import { Link } from '@inertiajs/react';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { route, type RouteName } from '@shared/route';
import { METRIC_TYPE_LABELS } from '@shared/toc/vocabulary';
import type {
  DataPointListRow,
  ElementRef,
  MetricListRow,
  SurveyQuestionListRow,
} from '@shared/problems/problems.types';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { kindLabel } from './labels';

/** A link to a record's own page. */
function RecordLink({
  name,
  params,
  label,
  fw,
}: {
  name: RouteName;
  params: Record<string, string>;
  label: string;
  fw?: number;
}) {
  return (
    <Anchor component={Link} href={route(name, params)} size="sm" fw={fw}>
      {label}
    </Anchor>
  );
}

function ElementCell({ e }: { e: ElementRef }) {
  return (
    <div>
      <Anchor
        component={Link}
        href={route('elements.show', { element: e.id })}
        size="sm"
        lineClamp={1}
      >
        {e.title}
      </Anchor>
      <Text size="xs" c="dimmed">
        {kindLabel(e.kind, e.horizon)}
      </Text>
    </div>
  );
}

const elementColumn = <R extends { element: ElementRef }>(): DataTableColumn<R> => ({
  key: 'element',
  title: 'On',
  value: (r) => r.element.title,
  sortable: true,
  visibleFrom: 'sm',
  render: (r) => <ElementCell e={r.element} />,
});

export function MetricsTable({
  rows,
  emptyAction,
}: {
  rows: MetricListRow[];
  emptyAction: string;
}) {
  const columns: Array<DataTableColumn<MetricListRow>> = [
    {
      key: 'name',
      title: 'Metric',
      sortable: true,
      render: (m) => (
        <RecordLink name="metrics.show" params={{ metric: m.id }} label={m.name} fw={600} />
      ),
    },
    elementColumn<MetricListRow>(),
    {
      key: 'type',
      title: 'Type',
      sortable: true,
      visibleFrom: 'md',
      value: (m) => METRIC_TYPE_LABELS[m.type] ?? m.type,
      render: (m) => (
        <Text size="sm">
          {(METRIC_TYPE_LABELS[m.type] ?? m.type) + (m.unit ? ` (${m.unit})` : '')}
        </Text>
      ),
    },
    {
      key: 'period',
      title: 'Reporting',
      sortable: true,
      visibleFrom: 'md',
      render: (m) => <Text size="sm">{m.period}</Text>,
    },
    {
      key: 'baselineValue',
      title: 'Baseline',
      sortable: true,
      searchable: false,
      align: 'right',
      render: (m) => <Text size="sm">{m.baselineValue ?? '—'}</Text>,
    },
    {
      key: 'dataPointCount',
      title: 'Data points',
      sortable: true,
      searchable: false,
      align: 'right',
      visibleFrom: 'sm',
      render: (m) => <Text size="sm">{m.dataPointCount}</Text>,
    },
  ];
  return (
    <DataTable
      id="problem-metrics"
      caption="Metrics"
      rows={rows}
      rowKey={(m) => m.id}
      columns={columns}
      minWidth={360}
      emptyAction={emptyAction}
    />
  );
}

export function DataPointsTable({ rows }: { rows: DataPointListRow[] }) {
  const columns: Array<DataTableColumn<DataPointListRow>> = [
    {
      key: 'name',
      title: 'Data point',
      sortable: true,
      render: (d) => (
        <Group gap={6} wrap="nowrap">
          {d.starred && (
            <IconStarFilled
              size={14}
              color="var(--mantine-color-yellow-6)"
              aria-label="Key data point"
            />
          )}
          <RecordLink
            name="data-points.show"
            params={{ dataPoint: d.id }}
            label={d.name}
            fw={600}
          />
          <Text size="xs" c="dimmed" ff="monospace" visibleFrom="md">
            {d.key}
          </Text>
        </Group>
      ),
    },
    {
      key: 'metric',
      title: 'Metric',
      sortable: true,
      value: (d) => d.metric.name,
      visibleFrom: 'sm',
      render: (d) => (
        <RecordLink name="metrics.show" params={{ metric: d.metric.id }} label={d.metric.name} />
      ),
    },
    elementColumn<DataPointListRow>(),
    {
      key: 'aggregation',
      title: 'Aggregation',
      sortable: true,
      visibleFrom: 'md',
      render: (d) => <Text size="sm">{d.aggregation.replace(/_/g, ' ')}</Text>,
    },
    {
      key: 'measurement',
      title: 'Measured by',
      sortable: true,
      visibleFrom: 'lg',
      render: (d) => (
        <Badge variant="light" size="sm">
          {d.measurement.replace(/_/g, ' ')}
        </Badge>
      ),
    },
    {
      key: 'questionCount',
      title: 'Questions',
      sortable: true,
      searchable: false,
      align: 'right',
      render: (d) => <Text size="sm">{d.questionCount}</Text>,
    },
  ];
  return (
    <DataTable
      id="problem-data-points"
      caption="Data points"
      rows={rows}
      rowKey={(d) => d.id}
      columns={columns}
      minWidth={360}
      emptyAction="No data points yet. Open a metric and add the data points that measure it (a star marks the key ones)."
    />
  );
}

export function SurveyQuestionsTable({ rows }: { rows: SurveyQuestionListRow[] }) {
  const columns: Array<DataTableColumn<SurveyQuestionListRow>> = [
    {
      key: 'text',
      title: 'Question',
      sortable: true,
      render: (q) => (
        <RecordLink
          name="survey-questions.show"
          params={{ surveyQuestion: q.id }}
          label={q.text}
          fw={600}
        />
      ),
    },
    {
      key: 'answerType',
      title: 'Answer',
      sortable: true,
      render: (q) => (
        <Text size="sm">{q.answerType.replace(/_/g, ' ') + (q.required ? ' · required' : '')}</Text>
      ),
    },
    {
      key: 'dataPoint',
      title: 'Data point',
      sortable: true,
      value: (q) => q.dataPoint.name,
      visibleFrom: 'sm',
      render: (q) => (
        <RecordLink
          name="data-points.show"
          params={{ dataPoint: q.dataPoint.id }}
          label={q.dataPoint.name}
        />
      ),
    },
    {
      key: 'metric',
      title: 'Metric',
      sortable: true,
      value: (q) => q.metric.name,
      visibleFrom: 'md',
      render: (q) => (
        <RecordLink name="metrics.show" params={{ metric: q.metric.id }} label={q.metric.name} />
      ),
    },
  ];
  return (
    <DataTable
      id="problem-survey-questions"
      caption="Survey questions"
      rows={rows}
      rowKey={(q) => q.id}
      columns={columns}
      minWidth={360}
      emptyAction="No survey questions yet. Under a data point, write the questions a survey will ask to produce it."
    />
  );
}
