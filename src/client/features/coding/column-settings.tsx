import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Card, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { route } from '@shared/route';
import type { ClassifierTraining, IntelligentColumnProps } from '@shared/coding/coding.pages';
import { plural } from '@shared/format/plural';
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
 * who summarises it: the offline TextRank or the model. A codes column can also choose the
 * classifier trained on the team's own human codes, once at least one code has enough of them; the
 * card says, per code, how many more coded answers it needs.
 */
export function ColumnSettings({
  column,
  kind = 'codes',
  model = null,
  training,
}: {
  column: Pick<
    IntelligentColumnProps['column'],
    'id' | 'name' | 'threshold' | 'samplePercent' | 'engine'
  >;
  kind?: ColumnKind;
  /** the configured model's name (codes and summary columns), or null: the offline engine only */
  model?: string | null;
  /** a codes column: the classifier's training on the team's human codes */
  training?: ClassifierTraining;
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
  const trainable = training?.codes.some((c) => c.trained) ?? false;
  if (training && !summary)
    engines.splice(1, 0, {
      value: 'classifier',
      label: trainable
        ? 'Classifier trained on your human codes (rules for codes with too few)'
        : 'Classifier trained on your human codes (too few yet)',
      disabled: !trainable && column.engine !== 'classifier',
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
                    ? 'The model gets the answers with names, phones and e-mails masked, 40 at a time (each wave on its own), and writes short statements citing quotes; a statement whose quote is not verbatim in the answer it cites is refused and listed on the run. Several batches are merged by more requests (a few batches at a time, in rounds when there are many).'
                    : 'The model gets the answers with names, phones and e-mails masked, 20 at a time, with the codebook; a code it gives without a verbatim quote of the answer is refused and listed on the run.'}
              </Text>
              {training && !summary && <TrainingStatus training={training} />}
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

/** Per code: trained on how many human codes, or how many more it needs (with it, without it). */
function TrainingStatus({ training }: { training: ClassifierTraining }) {
  const more = (have: number) => Math.max(0, training.min - have);
  const left = Math.max(0, training.sample - training.examples);
  const needed = Math.max(
    0,
    ...training.codes.filter((c) => !c.trained).map((c) => more(c.positives) + more(c.negatives)),
  );
  return (
    <Stack gap={2} aria-label="Classifier training">
      <Text size="xs" c="dimmed">
        The classifier learns each code from the answers people coded in the verification queue (
        {plural(training.examples, 'coded answer')} so far): a code needs at least{' '}
        {plural(training.min, 'answer')} with it and {training.min} without it; until then the rules
        code it.
        {needed > left &&
          ` Only ${plural(left, 'sampled answer')} ${left === 1 ? 'is' : 'are'} left to code: raise the verification sample below to give the classifier enough.`}
      </Text>
      {training.codes.map((c) => (
        <Text size="xs" key={c.code}>
          <b>{c.label}</b>:{' '}
          {c.trained
            ? `trained on ${c.positives} with, ${c.negatives} without`
            : `needs ${[
                more(c.positives) > 0
                  ? `${plural(more(c.positives), 'more coded answer')} with it`
                  : null,
                more(c.negatives) > 0
                  ? `${plural(more(c.negatives), 'more coded answer')} without it`
                  : null,
              ]
                .filter(Boolean)
                .join(' and ')} (rules until then)`}
        </Text>
      ))}
    </Stack>
  );
}
