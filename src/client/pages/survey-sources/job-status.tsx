import { useEffect, useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import {
  Alert,
  Badge,
  Button,
  Card,
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
import { RowErrorsTable } from '../../features/sources/row-errors-table';
import { count, duration, PHASE_LABELS, STATUS_LABELS } from '../../features/sources/labels';
import { useReloadWhile } from '../../hooks/use-reload-while';

/** survey-sources/job-status: an import's live progress, cancel, and its outcome */
export default function JobStatus({
  job,
  project,
  dataset,
  version,
  errors,
  canRetry,
}: PagePropsOf<'survey-sources/job-status'>) {
  const { auth, errors: fieldErrors } = useShared();
  const [live, setLive] = useState<JobProgress | null>(job.progress);
  const [cancelling, setCancelling] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const retryError = fieldErrors.job ?? null;
  const running = version.status === 'importing';
  useEffect(() => setLive(job.progress), [job.progress]);
  const channel = running && auth.team ? channels.team(auth.team.id) : null;
  useChannel<JobEvent>(channel, 'job.progress', (e) => e.jobId === job.id && setLive(e.progress));
  useChannel<JobEvent>(channel, 'job.finished', (e) => e.jobId === job.id && router.reload());
  useChannel<JobEvent>(channel, 'job.failed', (e) => e.jobId === job.id && router.reload());
  // a fallback for a missed event (the page opened just as the job ended, a lost connection)
  useReloadWhile(running, 3000, ['job', 'version', 'errors']);
  const p = live ?? { done: 0, total: null, rate: null, etaSeconds: null, phase: 'queued' };
  const phase = running ? p.phase : version.status === 'ready' ? 'done' : version.status;
  const percent =
    version.status === 'ready' ? 100 : p.total ? Math.min(100, (p.done / p.total) * 100) : 0;
  const status = STATUS_LABELS[version.status];
  return (
    <Stack gap="lg" maw={960}>
      <Head title={`Import of ${dataset.name}`} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: 'Sources', href: route('sources.index', { project: project.id }) },
          { label: dataset.name, href: route('sources.show', { source: dataset.id }) },
          { label: `Import ${version.number}` },
        ]}
        title={`Import of “${dataset.name}”`}
        badge={
          <Badge variant="light" color={status.color}>
            {status.label}
          </Badge>
        }
        subtitle={version.fileName ? `From ${version.fileName}, version ${version.number}` : null}
      />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Text fw={600} aria-live="polite">
            {PHASE_LABELS[phase as JobProgress['phase']] ?? status.label}
          </Text>
          <Progress
            value={percent}
            animated={running}
            size="lg"
            aria-label="Import progress"
            color={version.status === 'ready' ? 'green' : running ? 'blue' : 'gray'}
          />
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label="Rows done" value={count(running ? p.done : version.rowCount)} />
            <Figure
              label="Rows in the file"
              value={running ? `≈ ${count(p.total)}` : count(version.rowCount)}
            />
            <Figure label="Rows per second" value={running ? count(p.rate) : '—'} />
            <Figure label="Time left" value={running ? duration(p.etaSeconds) : '—'} />
          </SimpleGrid>
          {running && (
            <Group>
              <Button
                color="red"
                variant="light"
                loading={cancelling}
                disabled={job.cancelRequested}
                onClick={() => {
                  setCancelling(true);
                  router.post(
                    route('jobs.cancel', { job: job.id }),
                    {},
                    {
                      onFinish: () => setCancelling(false),
                    },
                  );
                }}
              >
                {job.cancelRequested ? 'Stopping…' : 'Cancel import'}
              </Button>
              <Text size="sm" c="dimmed">
                Nothing is kept of a cancelled import; the current data stays as it is.
              </Text>
            </Group>
          )}
          {version.status === 'ready' && (
            <Alert color="green" variant="light" title="The import finished">
              <Stack gap="xs">
                <Text size="sm">
                  {count(version.rowCount)} {pluralWord(version.rowCount, 'row')} imported
                  {version.errorCount
                    ? `; ${count(version.errorCount)} ${pluralWord(version.errorCount, 'value')} could not be converted (below).`
                    : '.'}
                </Text>
                <Group>
                  <Button component={Link} href={route('sources.show', { source: dataset.id })}>
                    See the data
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          {(version.status === 'failed' || version.status === 'cancelled') && (
            <Alert
              color="red"
              variant="light"
              title={version.status === 'failed' ? 'The import failed' : 'The import was cancelled'}
            >
              <Stack gap="xs">
                <Text size="sm">
                  {version.failure ?? ''} Nothing of it was kept: the source’s current data is
                  unchanged.
                </Text>
                <Group>
                  {canRetry && (
                    <Button
                      loading={retrying}
                      onClick={() => {
                        setRetrying(true);
                        router.post(
                          route('jobs.retry', { job: job.id }),
                          {},
                          { onFinish: () => setRetrying(false) },
                        );
                      }}
                    >
                      Retry with the same settings
                    </Button>
                  )}
                  <Button
                    component={Link}
                    variant="light"
                    href={route('sources.create', { project: project.id, dataset: dataset.id })}
                  >
                    Upload the file again
                  </Button>
                </Group>
                {retryError && (
                  <Text size="sm" c="red.8" role="alert">
                    {retryError}
                  </Text>
                )}
              </Stack>
            </Alert>
          )}
        </Stack>
      </Card>
      {!running && (
        <Card withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Row error report
            </Title>
            <RowErrorsTable id={`job-errors-${version.id}`} errors={errors} />
          </Stack>
        </Card>
      )}
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
