import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Card, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { route } from '@shared/route';
import type { IntelligentColumnProps } from '@shared/coding/coding.pages';
import { updateColumnSchema } from '@shared/coding/coding';
import type { ColumnKind } from '@shared/coding/kinds';
import type { CodingEngine } from '@shared/coding/coding';
import { ChoiceSelect } from '../../components/choice-select';
import { passesCheck } from '../../lib/form-check';

/**
 * The column's name, agreement threshold and sample size. The threshold is used only by deductive
 * codes (a code is applied at that kappa); a rubric's agreement is shown but applies nothing, and
 * sentiment and summary columns have no verification, so neither setting is shown there.
 * A codes column also says who codes it: the offline rules (the codebook's terms) or, when the team
 * has configured one, the model (its quotes checked verbatim against the answers); a summary column
 * who summarises it: the offline TextRank or the model.
 */
export function ColumnSettings({
  column,
  kind = 'codes',
  model = null,
}: {
  column: Pick<
    IntelligentColumnProps['column'],
    'id' | 'name' | 'threshold' | 'samplePercent' | 'engine'
  >;
  kind?: ColumnKind;
  /** the configured model's name (codes and summary columns), or null: the offline engine only */
  model?: string | null;
}) {
  const usesThreshold = kind === 'codes';
  const usesSample = kind === 'codes' || kind === 'rubric';
  const usesEngine = kind === 'codes' || kind === 'summary';
  const summary = kind === 'summary';
  const form = useForm({
    name: column.name,
    threshold: column.threshold,
    samplePercent: column.samplePercent,
    engine: column.engine,
  });
  const engines: Array<{ value: CodingEngine; label: string; disabled?: boolean }> = [
    {
      value: 'rules',
      label: summary
        ? 'Offline TextRank (the most central sentences)'
        : 'Offline rules (the codebook’s terms)',
    },
    {
      value: 'model',
      label: model ? `The model (${model})` : 'The model (none configured)',
      disabled: !model,
    },
  ];
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
          {usesEngine && (
            <>
              <ChoiceSelect<CodingEngine>
                label={summary ? 'Who summarises the answers' : 'Who codes the answers'}
                data={engines}
                value={form.data.engine}
                onChange={(v) => form.setData('engine', v || 'rules')}
                error={err.engine}
              />
              <Text size="xs" c="dimmed">
                {!model
                  ? summary
                    ? 'No model is configured for the team (Settings, AI): TextRank quotes the most central sentences, offline.'
                    : 'No model is configured for the team (Settings, AI): the codebook’s terms code the answers.'
                  : summary
                    ? 'The model gets the answers with names, phones and e-mails masked, 40 at a time (each wave on its own), and writes short statements citing quotes; a statement whose quote is not verbatim in the answer it cites is refused and listed on the run. Several batches are merged by one more request.'
                    : 'The model gets the answers with names, phones and e-mails masked, 20 at a time, with the codebook; a code it gives without a verbatim quote of the answer is refused and listed on the run.'}
              </Text>
            </>
          )}
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
