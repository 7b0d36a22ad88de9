import { useState } from 'react';
import { router } from '@inertiajs/react';
import { Alert, Anchor, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import { channels } from '@shared/realtime/channels';
import { EXPORT_PROGRESS_EVENT, EXPORT_STATUS_LABELS } from '@shared/settings/export-status';
import { EXPORT_TTL_HOURS } from '@shared/settings/settings';
import type { PagePropsOf } from '@shared/pages';
import type { ExportView } from '@shared/settings/settings.pages';
import { DataTable } from '../../components/data-table';
import { fileSize } from '../../features/sources/labels';
import { SettingsFrame } from '../../features/settings/settings-frame';
import { useChannel } from '../../hooks/use-echo';
import { useShared } from '../../hooks/use-shared';
import { useReloadWhile } from '../../hooks/use-reload-while';
import { formatDateTime } from '@shared/format/date';

const size = (bytes: number | null) => (bytes === null ? '—' : fileSize(bytes));
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/** settings/exports: start an export of all the team's data, follow it, download the zip */
export default function SettingsExports({ exports }: PagePropsOf<'settings/exports'>) {
  const { auth } = useShared();
  const [starting, setStarting] = useState(false);
  const running = exports.some((e) => e.status === 'queued' || e.status === 'running');
  useChannel(auth.team && running ? channels.team(auth.team.id) : null, EXPORT_PROGRESS_EVENT, () =>
    router.reload({ only: ['exports'] }),
  );
  // a fallback for a missed event (a lost connection, the job ending as the page opened)
  useReloadWhile(running, 3000, ['exports']);
  return (
    <SettingsFrame section="export">
      <Stack gap="lg">
        <Text size="sm">
          The zip holds one CSV file per table the team owns (projects, problems, theory of change,
          metrics, targets, values, forms, responses, stakeholders, sources) and each source’s rows,
          with a <code>manifest.json</code> listing the files and their row counts. Cells that a
          spreadsheet would run as a formula start with an apostrophe. The download stays available
          for {EXPORT_TTL_HOURS} hours.
        </Text>
        <Group>
          <Button
            loading={starting}
            disabled={running}
            onClick={() => {
              setStarting(true);
              router.post(
                route('settings.exports.store'),
                {},
                { onFinish: () => setStarting(false) },
              );
            }}
          >
            {running ? 'Export running…' : 'Export all data'}
          </Button>
        </Group>
        {exports.length === 0 ? (
          <Alert variant="light" color="gray">
            No export yet. “Export all data” starts one; you can leave this page while it runs.
          </Alert>
        ) : (
          <DataTable<ExportView>
            id="settings-exports"
            caption="Exports"
            rows={exports}
            rowKey={(e) => e.id}
            plain
            minWidth={640}
            columns={[
              { key: 'createdAt', title: 'Started', render: (e) => when(e.createdAt) },
              { key: 'requestedBy', title: 'By', render: (e) => e.requestedBy ?? '—' },
              { key: 'status', title: 'Status', render: (e) => <ExportStatusCell e={e} /> },
              { key: 'byteSize', title: 'Size', render: (e) => size(e.byteSize) },
              { key: 'download', title: 'Download', render: (e) => <DownloadCell e={e} /> },
            ]}
          />
        )}
      </Stack>
    </SettingsFrame>
  );
}

function ExportStatusCell({ e }: { e: ExportView }) {
  const status = EXPORT_STATUS_LABELS[e.status];
  const pct =
    e.progress && e.progress.total ? Math.min(100, (e.progress.done / e.progress.total) * 100) : 0;
  return (
    <Stack gap={4}>
      <Badge variant="light" color={status.color}>
        {status.label}
      </Badge>
      {e.status === 'running' && (
        <>
          <Progress value={pct} animated w={160} aria-label="Export progress" />
          <Text size="xs" c="dimmed" aria-live="polite">
            {e.progress
              ? `${e.progress.done} of about ${e.progress.total} rows (${e.progress.table})`
              : 'Starting…'}
          </Text>
        </>
      )}
      {e.failure && (
        <Text size="xs" c="red">
          {e.failure}
        </Text>
      )}
    </Stack>
  );
}

function DownloadCell({ e }: { e: ExportView }) {
  if (e.downloadHref)
    return (
      <Stack gap={0}>
        <Anchor href={e.downloadHref} download>
          Download zip
        </Anchor>
        <Text size="xs" c="dimmed">
          until {when(e.expiresAt)}
        </Text>
      </Stack>
    );
  return e.status === 'done' ? (
    <Text size="sm" c="dimmed">
      Expired
    </Text>
  ) : (
    '—'
  );
}
