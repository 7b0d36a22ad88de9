import { useState } from 'react';
import { router } from '@inertiajs/react';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { UrlSourceItem } from '@shared/datasets/datasets.pages';
import { ChoiceSelect } from '../../components/choice-select';
import { useShared } from '../../hooks/use-shared';
import { formatDateTime } from '@shared/format/date';

const SCHEDULES = [
  { value: 'none', label: 'Only when I ask' },
  { value: 'hourly', label: 'Every hour' },
  { value: 'daily', label: 'Every day' },
] as const;

const when = (iso: string | null) => (iso ? formatDateTime(iso) : null);

/** sources/show: the address a source is fetched from, "Fetch now" and its schedule */
export function UrlSourceCard({ datasetId, source }: { datasetId: string; source: UrlSourceItem }) {
  const { errors } = useShared();
  const [busy, setBusy] = useState<'refresh' | 'schedule' | null>(null);
  const post = (what: 'refresh' | 'schedule', body: Record<string, string> = {}) => {
    setBusy(what);
    router.post(
      route(what === 'refresh' ? 'sources.refresh' : 'sources.schedule', { source: datasetId }),
      body,
      { preserveScroll: true, onFinish: () => setBusy(null) },
    );
  };
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Fetched from an address
        </Title>
        <Anchor
          href={source.url}
          target="_blank"
          rel="noreferrer noopener"
          size="sm"
          style={{ wordBreak: 'break-all' }}
        >
          {source.url}
        </Anchor>
        <Group align="flex-end" gap="md" wrap="wrap">
          <Button
            leftSection={<IconRefresh size={16} />}
            loading={busy === 'refresh'}
            onClick={() => post('refresh')}
          >
            Fetch now
          </Button>
          <ChoiceSelect
            label="Fetch again"
            data={SCHEDULES}
            value={source.schedule}
            disabled={busy !== null}
            error={errors.schedule}
            onChange={(schedule) => schedule && post('schedule', { schedule })}
            w={220}
          />
        </Group>
        {errors.url && (
          <Text size="sm" c="red.8" role="alert">
            {errors.url}
          </Text>
        )}
        {source.lastError && (
          <Text size="sm" c="red.8">
            The last scheduled fetch failed: {source.lastError}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {source.schedule === 'none'
            ? 'A new version is made each time you fetch; the current one stays until it is imported.'
            : `Next fetch ${when(source.nextRunAt) ?? 'soon'}${source.lastRunAt ? `; last ${when(source.lastRunAt)}` : ''}.`}
        </Text>
      </Stack>
    </Card>
  );
}
