import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Card, Group, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import { route } from '@shared/route';
import type { IntelligentColumnProps } from '@shared/coding/coding.pages';
import { updateColumnSchema } from '@shared/coding/coding';
import type { ColumnKind } from '@shared/coding/kinds';
import { passesCheck } from '../../lib/form-check';

/**
 * The column's name, agreement threshold and sample size. The threshold is used only by deductive
 * codes (a code is applied at that kappa); a rubric's agreement is shown but applies nothing, and
 * sentiment and summary columns have no verification, so neither setting is shown there.
 */
export function ColumnSettings({
  column,
  kind = 'codes',
}: {
  column: Pick<IntelligentColumnProps['column'], 'id' | 'name' | 'threshold' | 'samplePercent'>;
  kind?: ColumnKind;
}) {
  const usesThreshold = kind === 'codes';
  const usesSample = kind === 'codes' || kind === 'rubric';
  const form = useForm({
    name: column.name,
    threshold: column.threshold,
    samplePercent: column.samplePercent,
  });
  const err = form.errors as Record<string, string | undefined>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, updateColumnSchema)) return;
    form.put(route('intelligent-columns.update', { column: column.id }), { preserveScroll: true });
  };
  return (
    <Card withBorder radius="md" padding="lg" maw={720}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Settings
          </Title>
          <TextInput
            label="Name"
            value={form.data.name}
            onChange={(e) => form.setData('name', e.currentTarget.value)}
            error={err.name}
          />
          <Group grow>
            {usesThreshold && (
              <NumberInput
                label="Agreement threshold (kappa)"
                min={0}
                max={1}
                step={0.05}
                decimalScale={2}
                value={form.data.threshold}
                onChange={(v) => form.setData('threshold', Number(v))}
                error={err.threshold}
              />
            )}
            {usesSample && (
              <NumberInput
                label="Verification sample (%)"
                min={1}
                max={100}
                value={form.data.samplePercent}
                onChange={(v) => form.setData('samplePercent', Number(v))}
                error={err.samplePercent}
              />
            )}
          </Group>
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={form.processing}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
