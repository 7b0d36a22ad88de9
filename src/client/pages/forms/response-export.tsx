import { Head } from '@inertiajs/react';
import { Alert, Anchor, Badge, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import { EXPORT_STATUS_LABELS } from '@shared/settings/export-status';
import type { PagePropsOf } from '@shared/pages';
import { PageHeader } from '../../features/projects/page-header';
import { fileSize } from '../../features/sources/labels';
import { useReloadWhile } from '../../hooks/use-reload-while';
import { formatDateTime } from '@shared/format/date';

/** forms/response-export: a background export of a form's responses, its progress, its download. */
export default function ResponseExport({
  project,
  form,
  exportJob: e,
}: PagePropsOf<'forms/response-export'>) {
  const running = e.status === 'queued' || e.status === 'running';
  useReloadWhile(running, 2000, ['exportJob']);
  const status = EXPORT_STATUS_LABELS[e.status];
  const pct = e.progress?.total ? Math.min(100, (e.progress.done / e.progress.total) * 100) : 0;
  const responses = route('responses.index', { form: form.id });
  return (
    <Stack gap="lg">
      <Head title={`Export: ${form.name}`} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: form.name, href: route('forms.fields', { form: form.id }) },
          { label: 'Responses', href: responses },
          { label: 'Export' },
        ]}
        title={`Export of ${form.name} responses`}
      />
      <Card withBorder maw={560}>
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light" color={status.color}>
              {status.label}
            </Badge>
            <Text size="sm">
              {e.format.toUpperCase()}, {e.options.content},{' '}
              {e.options.multiple === 'joined'
                ? 'multiple choice in one column'
                : 'one column per choice'}
            </Text>
          </Group>
          {running && (
            <>
              <Progress value={pct} animated aria-label="Export progress" />
              <Text size="sm" c="dimmed" aria-live="polite">
                {e.progress
                  ? `${e.progress.done} of ${e.progress.total} responses written`
                  : 'Waiting for a worker…'}
              </Text>
            </>
          )}
          {e.failure && (
            <Alert color="red" variant="light">
              {e.failure}
            </Alert>
          )}
          {e.downloadHref ? (
            <Group>
              <Button component="a" href={e.downloadHref} download>
                {e.fileType === 'zip'
                  ? 'Download ZIP (responses.csv and a CSV per repeat group)'
                  : `Download ${e.format.toUpperCase()}`}
              </Button>
              <Text size="sm" c="dimmed">
                {e.progress?.done ?? 0} responses, {fileSize(e.byteSize ?? 0)}; available until{' '}
                {e.expiresAt ? formatDateTime(e.expiresAt) : '—'}
              </Text>
            </Group>
          ) : (
            e.status === 'done' && (
              <Text size="sm">This export expired and was deleted. Start a new one.</Text>
            )
          )}
          <Anchor href={responses} size="sm">
            Back to the responses
          </Anchor>
        </Stack>
      </Card>
    </Stack>
  );
}
