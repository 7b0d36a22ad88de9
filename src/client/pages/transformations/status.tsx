import { useEffect, useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { route } from '@shared/route';
import { pluralWord } from '@shared/format/plural';
import { channels } from '@shared/realtime/channels';
import type { PagePropsOf } from '@shared/pages';
import type { JobEvent, JobProgress } from '@shared/datasets/datasets.pages';
import { useChannel } from '../../hooks/use-echo';
import { useShared } from '../../hooks/use-shared';
import { PageHeader } from '../../features/projects/page-header';
import { count } from '../../features/sources/labels';
import { RUN_STATUS } from '../../features/transformations/labels';
import { RunDiffView } from '../../features/transformations/run-diff';
import { useReloadWhile } from '../../hooks/use-reload-while';
import { formatDateTime } from '@shared/format/date';

const PHASES: Record<JobProgress['phase'], string> = {
  queued: 'Waiting to start',
  reading: 'Compiling the recipe',
  writing: 'Running the statement and writing the rows',
  finishing: 'Computing column statistics',
  done: 'Finished',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

type CancelTakesEffect = PagePropsOf<'transformations/status'>['cancelTakesEffect'];

/** What the page says once a cancel is asked, by when it takes effect */
const CANCEL_ASKED: Record<CancelTakesEffect, string> = {
  now: 'Cancel asked: the run is stopping.',
  chunk:
    'Cancel asked: the run stops when the chunk of rows it is writing ends; nothing it wrote is kept.',
  statement:
    'Cancel asked: on the embedded database a statement cannot be interrupted, so the run stops when its current statement ends.',
};

/** What the page says before a cancel, when a cancel does not take effect at once */
const CANCEL_NOTE: Record<CancelTakesEffect, string> = {
  now: '',
  chunk:
    'On the embedded database this run writes its rows in chunks: a cancel takes effect when the current chunk ends.',
  statement: 'On the embedded database a cancel takes effect when the current statement ends.',
};

/** transformations/status: a run's progress (live), its outcome and the recipe it ran */
export default function TransformationStatus({
  project,
  transformation,
  output,
  run,
  cancelTakesEffect,
  recipeText,
  diff,
}: PagePropsOf<'transformations/status'>) {
  const { auth, errors } = useShared();
  const [cancelling, setCancelling] = useState(false);
  const [live, setLive] = useState<JobProgress | null>(run.progress);
  useEffect(() => setLive(run.progress), [run.progress]);
  const running = run.status === 'queued' || run.status === 'running';
  const channel = running && auth.team ? channels.team(auth.team.id) : null;
  useChannel<JobEvent>(
    channel,
    'job.progress',
    (e) => e.jobId === run.jobId && setLive(e.progress),
  );
  useChannel<JobEvent>(channel, 'job.finished', (e) => e.jobId === run.jobId && router.reload());
  useChannel<JobEvent>(channel, 'job.failed', (e) => e.jobId === run.jobId && router.reload());
  // a fallback for a missed event
  useReloadWhile(running, 3000, ['run', 'output']);
  const phase = running
    ? (live?.phase ?? 'queued')
    : run.status === 'done' || run.status === 'cancelled'
      ? run.status
      : 'failed';
  const cancel = () => {
    setCancelling(true);
    router.post(
      route('transformation-runs.cancel', { run: run.id }),
      {},
      { preserveScroll: true, onFinish: () => setCancelling(false) },
    );
  };
  const steps = ['queued', 'reading', 'writing', 'finishing', 'done'];
  const percent =
    run.status === 'done' ? 100 : (Math.max(0, steps.indexOf(phase)) / (steps.length - 1)) * 100;
  const status = RUN_STATUS[run.status];
  return (
    <Stack gap="lg" maw={960}>
      <Head title={`Run of ${transformation.name}`} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          {
            label: 'Transformations',
            href: route('transformations.index', { project: project.id }),
          },
          {
            label: transformation.name,
            href: route('transformations.show', { transformation: transformation.id }),
          },
          { label: 'Run' },
        ]}
        title={`Run of “${transformation.name}”`}
        badge={
          <Badge variant="light" color={status.color}>
            {status.label}
          </Badge>
        }
        subtitle={`Started ${formatDateTime(run.createdAt)}${run.trigger === 'auto' ? ' because the source dataset got a new version' : ''}`}
        actions={
          running && (
            <Button
              variant="default"
              color="red"
              loading={cancelling}
              disabled={run.cancelRequested}
              onClick={cancel}
            >
              {run.cancelRequested ? 'Cancelling…' : 'Cancel the run'}
            </Button>
          )
        }
      />
      {errors.run && (
        <Alert color="red" variant="light">
          {errors.run}
        </Alert>
      )}
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Text fw={600} aria-live="polite">
            {PHASES[phase as JobProgress['phase']]}
          </Text>
          <Progress
            value={percent}
            animated={running}
            size="lg"
            aria-label="Run progress"
            color={
              run.status === 'done'
                ? 'green'
                : running
                  ? 'blue'
                  : run.status === 'cancelled'
                    ? 'orange'
                    : 'red'
            }
          />
          {running && (run.cancelRequested || cancelTakesEffect !== 'now') && (
            <Text size="sm" c="dimmed">
              {run.cancelRequested
                ? CANCEL_ASKED[cancelTakesEffect]
                : CANCEL_NOTE[cancelTakesEffect]}
            </Text>
          )}
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            <Figure label="Rows read" value={count(run.rowsIn)} />
            <Figure label="Rows written" value={count(run.rowsOut)} />
            <Figure
              label="Output version"
              value={run.versionNumber ? String(run.versionNumber) : '—'}
            />
          </SimpleGrid>
          {run.status === 'done' && output && (
            <Alert color="green" variant="light" title="The run finished">
              <Stack gap="xs">
                <Text size="sm">
                  {count(run.rowsOut)} {pluralWord(run.rowsOut ?? 0, 'row')} written to “
                  {output.name}” (version {run.versionNumber}); each keeps the number of the source
                  row it came from.
                </Text>
                <Group>
                  <Button component={Link} href={route('sources.show', { source: output.id })}>
                    See the output dataset
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          {run.status === 'cancelled' && (
            <Alert color="orange" variant="light" title="The run was cancelled">
              <Text size="sm">
                Nothing of it was kept: the output dataset is unchanged and its current version
                stays.
              </Text>
            </Alert>
          )}
          {run.status === 'failed' && (
            <Alert color="red" variant="light" title="The run failed">
              <Stack gap="xs">
                <Text size="sm">
                  {run.failure} Nothing of it was kept: the output dataset is unchanged.
                </Text>
                <Group>
                  <Button
                    component={Link}
                    variant="light"
                    href={route('transformations.show', { transformation: transformation.id })}
                  >
                    Back to the steps
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
        </Stack>
      </Card>
      {diff && <RunDiffView runId={run.id} diff={diff} />}
      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            The recipe this run applied
          </Title>
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            {recipeText}
          </Code>
        </Stack>
      </Card>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}
