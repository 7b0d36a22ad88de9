import { lazy, Suspense, useMemo } from 'react';
import { router } from '@inertiajs/react';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { route } from '@shared/route';
import { agree, plural } from '@shared/format/plural';
import { ipttTable } from '@shared/insights/iptt';
import { STATUSES, STATUS_LABELS } from '@shared/insights/status';
import type { InsightsData, InsightsFilters } from '@shared/insights/insights';
import { InsightsFilterBar, filterChips } from './insights-filters';
import { IpttTableView } from './iptt-table';
import { OutcomeRollupView } from './rollup';
import { STATUS_COLOR } from './status';

const InsightCharts = lazy(() => import('./insight-charts'));

export type InsightsScope = { kind: 'problem'; id: string } | { kind: 'project'; id: string };

/** The filters that are on, as query parameters. */
const query = (f: InsightsFilters) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== null)) as Record<string, string>;

function Block({
  title,
  text,
  action,
  children,
}: {
  title: string;
  text?: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" align="flex-start" mb="sm" gap="sm">
        <div style={{ flex: 1, minWidth: 200 }}>
          <Title order={3} size="h4">
            {title}
          </Title>
          {text && (
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          )}
        </div>
        {action}
      </Group>
      {children}
    </Card>
  );
}

/**
 * The insights of a problem or project: filters (in the URL), the status count, the charts, the
 * outcome roll-up and the IPTT with its XLSX and PDF exports.
 */
export function InsightsView({ data, scope }: { data: InsightsData; scope: InsightsScope }) {
  const go = (f: InsightsFilters) =>
    router.get(
      scope.kind === 'problem'
        ? route('problems.show', { problem: scope.id, tab: 'insights', ...query(f) })
        : route('insights.show', { project: scope.id, ...query(f) }),
      {},
      { preserveScroll: true, preserveState: false },
    );
  const table = useMemo(() => ipttTable(data), [data]);
  const exportUrl = (format: 'xlsx' | 'pdf') =>
    scope.kind === 'problem'
      ? route(`insights.problem-iptt-${format}`, { problem: scope.id, ...query(data.filters) })
      : route(`insights.project-iptt-${format}`, { project: scope.id, ...query(data.filters) });
  const counts = STATUSES.map(
    (s) => [s, data.metrics.filter((m) => m.status === s).length] as const,
  );

  if (!data.metrics.length && !data.hiddenByFilter)
    return (
      <Alert variant="light" title="No metrics to show yet">
        Insights compare each metric’s actuals with its baseline and targets. Open an activity,
        output or outcome in the theory of change, add a metric with its targets, and enter its
        values.
      </Alert>
    );

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <InsightsFilterBar data={data} onChange={go} />
          <Group gap="xs">
            {data.filters.dis || data.filters.site ? (
              <Text size="sm" c="dimmed">
                Showing the actuals of{' '}
                {[
                  data.filters.dis?.replace(':', ' '),
                  data.filters.site && `site ${data.filters.site}`,
                ]
                  .filter(Boolean)
                  .join(' at ')}
                . Targets are set for totals, so no status is given: choose “Totals” and “Every
                site” to see statuses.
              </Text>
            ) : (
              counts.map(([s, n]) => (
                <Badge key={s} variant="light" color={STATUS_COLOR[s]} size="lg">
                  {STATUS_LABELS[s]}: {n}
                </Badge>
              ))
            )}
          </Group>
          {data.hiddenByFilter > 0 && (
            <Text size="xs" c="dimmed">
              {plural(data.hiddenByFilter, 'metric')} {agree(data.hiddenByFilter, 'is', 'are')} left
              out: not disaggregated this way, or not measured from the chosen wave, form, source or
              site (manual entries have no rows to filter).
            </Text>
          )}
          {(data.filters.wave || data.filters.form || data.filters.source) && (
            <Text size="xs" c="dimmed">
              The actuals are recomputed from the rows of the chosen wave, form or source only; the
              status compares them with the metric’s targets.
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Status: progress from the baseline toward the period’s target (or, between targets, the
            straight line to the next one). 90% of the way or more is on track, 60% or more at risk,
            less is off track; a metric to keep steady is on track within 5% of its target.
          </Text>
        </Stack>
      </Card>

      {!data.metrics.length ? (
        <Alert variant="light" color="yellow" title="No metric matches these filters">
          No metric has data points measured from{' '}
          {filterChips(data)
            .map((c) => c.label)
            .join(', ')}
          . Clear a filter (the × on its chip) or choose another wave, form, source or site.
        </Alert>
      ) : (
        <Results data={data} scope={scope} exportUrl={exportUrl} table={table} />
      )}
    </Stack>
  );
}

/** The charts, the roll-up and the IPTT of the metrics shown. */
function Results({
  data,
  scope,
  exportUrl,
  table,
}: {
  data: InsightsData;
  scope: InsightsScope;
  exportUrl: (format: 'xlsx' | 'pdf') => string;
  table: ReturnType<typeof ipttTable>;
}) {
  return (
    <>
      <Block
        title="Charts"
        text="Click a bar or a point to see the rows behind it; each chart’s Table button lists the same figures with their links."
      >
        <Suspense fallback={<Loader size="sm" />}>
          <InsightCharts metrics={data.metrics} filters={data.filters} />
        </Suspense>
      </Block>

      <Block
        title="Outcomes along the theory of change"
        text="Which outcomes have metrics moving toward their targets, and which outputs and activities feed them."
      >
        <OutcomeRollupView items={data.rollup} showProblem={scope.kind === 'project'} />
      </Block>

      <Block
        title="Indicator performance tracking table"
        text="Baseline, targets, actuals and % achieved per period, with the notes of the entries."
        action={
          <Group gap="xs">
            <Button
              component="a"
              href={exportUrl('xlsx')}
              variant="light"
              size="xs"
              leftSection={<IconFileSpreadsheet size={14} />}
            >
              Export XLSX
            </Button>
            <Button
              component="a"
              href={exportUrl('pdf')}
              variant="light"
              size="xs"
              leftSection={<IconFileTypePdf size={14} />}
            >
              Export PDF
            </Button>
          </Group>
        }
      >
        <IpttTableView table={table} metrics={data.metrics} filters={data.filters} />
      </Block>
    </>
  );
}
