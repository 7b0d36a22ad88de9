import { useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import { Alert, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { KIND_LABELS, type ColumnSummary } from '@shared/coding/kinds';
import { agree, plural } from '@shared/format/plural';
import { PageHeader } from '../../features/projects/page-header';
import { ColumnSettings } from '../../features/coding/column-settings';
import { DistributionTable } from '../../features/coding/kinds/distribution-table';
import { KindValuesTable } from '../../features/coding/kinds/kind-values-table';
import { SummaryQuotes } from '../../features/coding/kinds/summary-quotes';
import { SummaryStatements } from '../../features/coding/kinds/summary-statements';
import { RefusalsTable } from '../../features/coding/refusals-table';
import { RubricVerifyCard } from '../../features/coding/kinds/rubric-verify-card';
import { RubricAgreement } from '../../features/coding/kinds/rubric-agreement';
import { useReloadWhile } from '../../hooks/use-reload-while';

/** surveyholders/intelligent-column-kind: a sentiment, rubric or summary column's run and results. */
export default function IntelligentColumnKind(
  props: PagePropsOf<'surveyholders/intelligent-column-kind'>,
) {
  const { project, form, column, run, distribution, values, summary, rubric, can } = props;
  const errors = (props as { errors?: Record<string, string> }).errors ?? {};
  const [starting, setStarting] = useState(false);
  const active = run?.status === 'queued' || run?.status === 'running';
  // a run in progress: reload its progress until it ends
  useReloadWhile(active, 1000);
  const start = () =>
    router.post(
      route('intelligent-columns.run', { column: column.id }),
      {},
      {
        preserveScroll: true,
        onStart: () => setStarting(true),
        onFinish: () => setStarting(false),
      },
    );
  const needsRubric = column.kind === 'rubric' && column.rubricVersion === 0;
  const done = run?.status === 'done' || !!summary || values.length > 0;
  return (
    <Stack gap="lg">
      <Head title={`${column.name}: intelligent column`} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: form.name, href: route('intelligent-columns.index', { form: form.id }) },
          { label: column.name },
        ]}
        title={column.name}
        subtitle={`${KIND_LABELS[column.kind]} of ${column.questions.map((q) => `“${q.label}”`).join(', ')}${column.kind === 'rubric' ? ` · rubric version ${column.rubricVersion || '—'}` : ''}${summaryBy(summary)}`}
        actions={
          <Group gap="xs">
            {column.kind === 'rubric' && (
              <Button
                component={Link}
                variant="light"
                href={route('intelligent-columns.rubric', { column: column.id })}
              >
                Rubric
              </Button>
            )}
            {can.update && (
              <Button onClick={start} loading={starting} disabled={active || needsRubric}>
                {done ? 'Run again' : 'Run'}
              </Button>
            )}
          </Group>
        }
      />
      {errors.run && <Alert color="red">{errors.run}</Alert>}
      {needsRubric && (
        <Alert color="blue">No rubric yet: write its levels (Rubric), then run the column.</Alert>
      )}
      {column.kind === 'sentiment' && (
        <Alert color="yellow" title="Indicative only">
          Sentiment comes from a word lexicon (wink-nlp): it reads words, not meaning, and misses
          irony and context. Use it to find answers to read, not as a finding.
        </Alert>
      )}
      {run && (
        <Card withBorder radius="md" padding="md">
          <Stack gap={6}>
            <Text size="sm">
              Latest run: <strong>{run.status}</strong> · {run.processed} of {run.total || '?'}{' '}
              responses · engine {run.engineVersion}
              {run.rubricVersion ? ` · rubric version ${run.rubricVersion}` : ''}
            </Text>
            {active && (
              <Progress
                value={run.total ? (100 * run.processed) / run.total : 5}
                animated
                aria-label="Run progress"
              />
            )}
            {run.error && (
              <Text c="red" size="sm">
                {run.error}
              </Text>
            )}
            {!active && run.refusals.length > 0 && (
              <RefusalsTable refusals={run.refusals} summary={column.kind === 'summary'} />
            )}
            {!active && props.newSinceRun > 0 && done && (
              <Text size="sm" c="var(--pw-warning-text)">
                {props.newSinceRun} response(s) arrived after this run: run again to include them.
              </Text>
            )}
          </Stack>
        </Card>
      )}
      {!run && !needsRubric && (
        <Text size="sm" c="dimmed">
          Not run yet. {can.update ? 'Press Run to compute it over the form’s responses.' : ''}
        </Text>
      )}
      {rubric && rubric.levels.length > 0 && (
        <>
          <RubricAgreement agreement={rubric.agreement} />
          <RubricVerifyCard
            key={rubric.queue.next?.responseId ?? 'done'}
            columnId={column.id}
            rubric={rubric}
            canUpdate={can.update}
            error={errors.level ?? errors.responseId}
          />
        </>
      )}
      {distribution && values.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {column.kind === 'sentiment' ? 'Sentiment by wave (indicative)' : 'Levels by wave'}
          </Title>
          <DistributionTable
            distribution={distribution}
            categoryTitle={(c) =>
              column.kind === 'sentiment'
                ? c
                : `Level ${c}: ${rubric?.levels.find((l) => String(l.level) === c)?.descriptor.slice(0, 60) ?? ''}`
            }
            noneLabel={column.kind === 'sentiment' ? 'No answer' : 'Unscored'}
          />
        </Stack>
      )}
      {column.kind === 'summary' && summary?.engine === 'model' && (
        <SummaryStatements summary={summary} />
      )}
      {column.kind === 'summary' && summary && summary.engine !== 'model' && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            Summary of all answers
          </Title>
          <Text size="sm" c="dimmed">
            Made offline by TextRank: the most central of {summary.sentences} sentences, quoted as
            written.
          </Text>
          <SummaryQuotes sentences={summary.overall} />
          {summary.byWave.map((w) => (
            <Stack key={w.wave} gap="xs">
              <Title order={3} size="h5">
                Wave {w.wave} ({plural(w.responses, 'response')})
              </Title>
              <SummaryQuotes sentences={w.sentences} />
            </Stack>
          ))}
        </Stack>
      )}
      {(column.kind === 'sentiment' || column.kind === 'rubric') && values.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            Values per response
          </Title>
          {rubric && rubric.hidden > 0 && (
            <Text size="sm" c="dimmed">
              {plural(rubric.hidden, 'sampled answer')} left out until people score{' '}
              {agree(rubric.hidden, 'it', 'them')} (blind verification).
            </Text>
          )}
          <KindValuesTable rows={values} kind={column.kind} />
        </Stack>
      )}
      {can.update && <ColumnSettings column={column} kind={column.kind} model={props.model} />}
    </Stack>
  );
}

/** Who wrote the summary shown, for the page's subtitle (nothing before a summary exists). */
function summaryBy(summary: ColumnSummary | null | undefined): string {
  if (!summary) return '';
  return summary.engine === 'model'
    ? ` · summary written by the model ${summary.model ?? ''}`.trimEnd()
    : ' · summary made offline by TextRank';
}
