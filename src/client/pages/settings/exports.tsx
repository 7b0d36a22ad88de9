import { useEffect, useState } from 'react';
import { router } from '@inertiajs/react';
import { Alert, Anchor, Badge, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { route } from '@shared/route';
import { channels } from '@shared/realtime/channels';
import { EXPORT_PROGRESS_EVENT, EXPORT_STATUS_LABELS } from '@shared/settings/export-status';
import { EXPORT_TTL_HOURS } from '@shared/settings/settings';
import type { PagePropsOf } from '@shared/pages';
import { SettingsFrame } from '../../features/settings/settings-frame';
import { useChannel } from '../../hooks/use-echo';
import { useShared } from '../../hooks/use-shared';

const size = (bytes: number | null) =>
  bytes === null
    ? '—'
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** settings/exports: start an export of all the team's data, follow it, download the zip */
export default function SettingsExports({ exports }: PagePropsOf<'settings/exports'>) {
  const { auth } = useShared();
  const [starting, setStarting] = useState(false);
  const running = exports.some((e) => e.status === 'queued' || e.status === 'running');
  useChannel(auth.team && running ? channels.team(auth.team.id) : null, EXPORT_PROGRESS_EVENT, () =>
    router.reload({ only: ['exports'] }),
  );
  // a fallback for a missed event (a lost connection, the job ending as the page opened)
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => router.reload({ only: ['exports'] }), 3000);
    return () => clearInterval(t);
  }, [running]);
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
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Started</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Download</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {exports.map((e) => {
                const status = EXPORT_STATUS_LABELS[e.status];
                const pct =
                  e.progress && e.progress.total
                    ? Math.min(100, (e.progress.done / e.progress.total) * 100)
                    : 0;
                return (
                  <Table.Tr key={e.id}>
                    <Table.Td>{when(e.createdAt)}</Table.Td>
                    <Table.Td>{e.requestedBy ?? '—'}</Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                    <Table.Td>{size(e.byteSize)}</Table.Td>
                    <Table.Td>
                      {e.downloadHref ? (
                        <Stack gap={0}>
                          <Anchor href={e.downloadHref} download>
                            Download zip
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            until {when(e.expiresAt)}
                          </Text>
                        </Stack>
                      ) : e.status === 'done' ? (
                        <Text size="sm" c="dimmed">
                          Expired
                        </Text>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </SettingsFrame>
  );
}
