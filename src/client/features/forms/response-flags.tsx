import { router } from '@inertiajs/react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { route } from '@shared/route';
import { formatDateTime } from '@shared/format/date';
import { FLAG_LABELS } from '@shared/forms/quality';
import type { ResponseFlag } from '@shared/forms/forms.pages';

/** The clear buttons of an open flag: "Reviewed: keep" or "Mark rejected". */
export function ClearFlagButtons({ flagId, label }: { flagId: string; label: string }) {
  const clear = (resolution: 'keep' | 'reject') =>
    router.post(
      route('responses.flags.clear', { formResponseFlag: flagId }),
      { resolution },
      { preserveScroll: true },
    );
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        onClick={() => clear('keep')}
        aria-label={`Reviewed: keep (${label})`}
      >
        Reviewed: keep
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() => clear('reject')}
        aria-label={`Mark rejected (${label})`}
      >
        Mark rejected
      </Button>
    </Group>
  );
}

/** A response's data quality flags: open ones with their clear buttons, cleared ones with who and how. */
export function ResponseFlags({ flags, canClear }: { flags: ResponseFlag[]; canClear: boolean }) {
  return (
    <section aria-labelledby="flags-title">
      <Title order={2} size="h4" id="flags-title" mb="xs">
        Data quality
      </Title>
      {flags.length === 0 ? (
        <Text size="sm" c="dimmed">
          No flags: not too fast, no duplicate, no number out of range.
        </Text>
      ) : (
        <Stack gap="xs">
          {flags.map((f) => (
            <Card key={f.id} withBorder padding="sm">
              <Group justify="space-between" align="flex-start">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Badge color={f.cleared ? 'gray' : 'orange'} variant="light">
                      {FLAG_LABELS[f.rule]}
                    </Badge>
                    {f.cleared && (
                      <Text size="xs" c="dimmed">
                        Cleared (
                        {f.cleared.resolution === 'keep' ? 'reviewed: keep' : 'marked rejected'}) by{' '}
                        {f.cleared.by ?? 'a former member'}, {formatDateTime(f.cleared.at)}
                      </Text>
                    )}
                  </Group>
                  <Text size="sm">{f.reason}</Text>
                </Stack>
                {canClear && !f.cleared && (
                  <ClearFlagButtons flagId={f.id} label={FLAG_LABELS[f.rule]} />
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </section>
  );
}
