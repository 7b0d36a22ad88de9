import { useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import { Alert, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../features/projects/page-header';
import { AgreementTable } from '../../features/coding/agreement-table';
import { VerifyCard } from '../../features/coding/verify-card';
import { CodedAnswers } from '../../features/coding/coded-answers';
import { DiffList, ResultsTable } from '../../features/coding/results-table';
import { ColumnSettings } from '../../features/coding/column-settings';
import { RefusalsTable } from '../../features/coding/refusals-table';
import { ThemesSection } from '../../features/coding/themes-section';
import { formatNumber } from '@shared/format/number';
import { useReloadWhile } from '../../hooks/use-reload-while';

/** surveyholders/intelligent-column: a column's run, agreement, results, verification and diff. */
export default function IntelligentColumn(props: PagePropsOf<'surveyholders/intelligent-column'>) {
  const { project, form, column, codes, run, agreement, results, diff, queue, coded, themes, can } =
    props;
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
        subtitle={`Codes ${column.questions.map((q) => `“${q.label}”`).join(', ')} · codebook version ${column.codebookVersion || '—'} · threshold ${formatNumber(column.threshold)}`}
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              variant="light"
              href={route('intelligent-columns.codebook', { column: column.id })}
            >
              Deductive inputs
            </Button>
            {can.update && (
              <Button onClick={start} loading={starting} disabled={active || codes.length === 0}>
                Run coding
              </Button>
            )}
          </Group>
        }
      />
      {errors.run && <Alert color="red">{errors.run}</Alert>}
      {codes.length === 0 && (
        <Alert color="blue">
          No codebook yet: write the codes in Deductive inputs, then run the column.
        </Alert>
      )}
      {run && (
        <Card withBorder radius="md" padding="md">
          <Stack gap={6}>
            <Text size="sm">
              Latest run: <strong>{run.status}</strong> · {run.processed} of {run.total || '?'}{' '}
              responses · engine {run.engineVersion} · codebook version {run.codebookVersion}
            </Text>
            {active && (
              <Progress
                value={run.total ? (100 * run.processed) / run.total : 5}
                animated
                aria-label="Coding progress"
              />
            )}
            {run.error && (
              <Text c="red" size="sm">
                {run.error}
              </Text>
            )}
          </Stack>
        </Card>
      )}
      {run && run.refusals.length > 0 && <RefusalsTable refusals={run.refusals} />}
      {codes.length > 0 && (
        <>
          <Title order={2} size="h4">
            Agreement
          </Title>
          <AgreementTable
            agreement={agreement}
            threshold={column.threshold}
            minVerified={Math.min(10, queue.size)}
          />
          <VerifyCard
            key={queue.next?.responseId ?? 'done'}
            columnId={column.id}
            queue={queue}
            codes={codes}
            canUpdate={can.update}
          />
          <Title order={2} size="h4">
            Results by wave
          </Title>
          {results.waves.length === 0 ? (
            <Text size="sm" c="dimmed">
              No responses coded yet. Run the column once the form has responses.
            </Text>
          ) : (
            <ResultsTable results={results} />
          )}
        </>
      )}
      {diff && (
        <Stack gap={4}>
          <Title order={2} size="h4">
            Changes since the previous run
          </Title>
          <DiffList diff={diff} />
        </Stack>
      )}
      {coded.length > 0 && (
        <>
          <Title order={2} size="h4">
            Coded answers
          </Title>
          <CodedAnswers coded={coded} />
        </>
      )}
      <ThemesSection columnId={column.id} themes={themes} canUpdate={can.update} errors={errors} />
      {can.update && (
        <ColumnSettings column={column} model={props.model} training={props.training} />
      )}
    </Stack>
  );
}
