import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { route } from '@shared/route';
import type { PeriodOption } from '@shared/metrics/metrics.pages';
import { targetsSchema } from '@shared/metrics/metrics.schemas';
import { passesCheck } from '../../lib/form-check';

interface Props {
  metricId: string;
  periods: PeriodOption[];
  targets: Record<string, number>;
  canEdit: boolean;
}

/** One target input per reporting period; an empty input clears that period's target. */
export function TargetsEditor({ metricId, periods, targets, canEdit }: Props) {
  const form = useForm({
    targets: periods.map((p) => ({
      period: p.key,
      value: targets[p.key] === undefined ? '' : String(targets[p.key]),
    })),
  });
  const errors = form.errors as Record<string, string | undefined>;
  if (!periods.length)
    return (
      <Text size="sm" c="dimmed">
        Set the metric’s reporting range (edit the metric) to set targets per period.
      </Text>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, targetsSchema)) return;
    form.put(route('metrics.targets', { metric: metricId }), { preserveScroll: true });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 4, md: 6 }}>
          {periods.map((p, i) => (
            <TextInput
              key={p.key}
              label={p.label}
              inputMode="decimal"
              placeholder="—"
              value={form.data.targets[i]?.value ?? ''}
              onChange={(e) => {
                const v = e.currentTarget.value;
                form.setData(
                  'targets',
                  form.data.targets.map((t, j) => (j === i ? { ...t, value: v } : t)),
                );
              }}
              error={errors[`targets.${i}.value`] ?? errors[`targets.${i}.period`]}
              readOnly={!canEdit}
              aria-label={`Target for ${p.label}`}
            />
          ))}
        </SimpleGrid>
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" size="sm" loading={form.processing}>
              Save targets
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
