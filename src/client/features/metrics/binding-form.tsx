import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Alert, Button, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import { bindDataPointSchema } from '@shared/metrics/metrics.schemas';
import type { BindingFieldOption, BindingPanel } from '@shared/metrics/bindings';
import type { DataPointView } from '@shared/metrics/metrics.pages';
import { ChoiceSelect } from '../../components/choice-select';
import { ConditionBuilder } from '../expressions/condition-builder';
import type { ConditionField } from '../expressions/condition-rules';
import { passesCheck } from '../../lib/form-check';

type Kind = 'manual' | 'survey_question' | 'dataset_column';

/** A field as the condition builder knows question types. */
function conditionField(f: BindingFieldOption): ConditionField {
  if (f.kind === 'boolean')
    return {
      key: f.key,
      label: f.label,
      type: 'select_one',
      choices: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
    };
  const type =
    f.kind === 'number'
      ? 'decimal'
      : f.kind === 'multi'
        ? 'select_multiple'
        : f.kind === 'date' || f.kind === 'datetime'
          ? f.kind
          : f.choices?.length
            ? 'select_one'
            : 'text';
  return { key: f.key, label: f.label, type, ...(f.choices ? { choices: f.choices } : {}) };
}

const optionsOf = (fields: readonly BindingFieldOption[], kinds: readonly string[]) =>
  fields.filter((f) => kinds.includes(f.kind)).map((f) => ({ value: f.key, label: f.label }));

/**
 * Where a data point's values come from: manual entry, a form question (one of its survey
 * questions a form asks), or a dataset column; with the period field, the categories of the
 * metric's dimensions and a filter (the skip-logic condition builder).
 */
export function BindingForm({
  dataPoint,
  panel,
  onDone,
}: {
  dataPoint: DataPointView;
  panel: BindingPanel;
  onDone: () => void;
}) {
  const b = dataPoint.binding;
  const form = useForm({
    kind: b.kind as Kind,
    questionId: b.kind === 'survey_question' ? b.questionId : '',
    datasetId: b.kind === 'dataset_column' ? b.datasetId : '',
    columnKey: b.kind === 'dataset_column' ? b.columnKey : '',
    periodKey: (b.kind !== 'manual' && b.periodKey) || '',
    disaggregations: (b.kind !== 'manual' && b.disaggregations) || {},
    filter: (b.kind !== 'manual' && b.filter) || '',
  });
  const errors = form.errors as Record<string, string | undefined>;
  const d = form.data;
  const question = panel.surveyQuestions.find((q) => q.id === d.questionId);
  const dataset = panel.datasets.find((x) => x.id === d.datasetId);
  const fields: BindingFieldOption[] =
    d.kind === 'survey_question' ? (question?.fields ?? []) : (dataset?.columns ?? []);
  const prepare = (x: typeof d) => {
    const out: Record<string, unknown> = { kind: x.kind };
    if (x.kind === 'manual') return out;
    if (x.kind === 'survey_question') out.questionId = x.questionId || undefined;
    else {
      out.datasetId = x.datasetId || undefined;
      out.columnKey = x.columnKey || undefined;
    }
    out.periodKey = x.periodKey || null;
    out.disaggregations = Object.fromEntries(
      Object.entries(x.disaggregations).filter(([, v]) => v),
    );
    out.filter = x.filter.trim() || null;
    return out;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, bindDataPointSchema, prepare(d))) return;
    form.transform(prepare);
    form.put(route('data-points.binding', { dataPoint: dataPoint.id }), {
      preserveScroll: true,
      onSuccess: () => onDone(),
    });
  };
  const dateOptions = optionsOf(fields, ['date', 'datetime']);
  const categoryOptions = optionsOf(fields, ['text', 'boolean']);
  const noForms = !panel.surveyQuestions.length;
  return (
    <form onSubmit={submit} noValidate aria-label="Binding">
      <Stack>
        <div>
          <Text size="sm" fw={500} mb={4} id="binding-kind-label">
            Values come from
          </Text>
          <SegmentedControl
            aria-labelledby="binding-kind-label"
            value={d.kind}
            onChange={(v) =>
              form.setData({
                ...d,
                kind: v as Kind,
                periodKey: '',
                disaggregations: {},
                filter: '',
              })
            }
            data={[
              { value: 'manual', label: 'Manual entry' },
              { value: 'survey_question', label: 'A form question' },
              { value: 'dataset_column', label: 'A dataset column' },
            ]}
          />
        </div>
        {d.kind === 'survey_question' && noForms && (
          <Alert color="yellow" variant="light">
            No form asks this data point’s survey questions yet. Open a survey form’s builder and
            use “Add from theory of change”, then come back here.
          </Alert>
        )}
        {d.kind === 'survey_question' && !noForms && panel.unaskedQuestions > 0 && (
          <Text size="xs" c="dimmed">
            {panel.unaskedQuestions} more of this data point’s survey questions are asked by no form
            yet (a form builder’s “Add from theory of change” adds them).
          </Text>
        )}
        {d.kind === 'dataset_column' && !panel.datasets.length && (
          <Alert color="yellow" variant="light">
            This project has no imported dataset yet. Add a source (Sources → Add source) first.
          </Alert>
        )}
        {d.kind === 'survey_question' && (
          <ChoiceSelect
            label="Form question"
            placeholder="Choose a form question"
            description="The answers to it in every form that asks it, every version, deleted responses left out"
            required
            data={panel.surveyQuestions.map((q) => ({
              value: q.id,
              label: `${q.askedIn.map((a) => a.formName).join(', ')} › ${q.askedIn[0]?.questionLabel ?? q.text}`,
            }))}
            value={d.questionId}
            onChange={(v) => form.setData('questionId', v)}
            error={errors.questionId}
          />
        )}
        {d.kind === 'dataset_column' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ChoiceSelect
              label="Dataset"
              placeholder="Choose a dataset"
              description="Its current version is read"
              required
              data={panel.datasets.map((x) => ({ value: x.id, label: x.name }))}
              value={d.datasetId}
              onChange={(v) => form.setData({ ...d, datasetId: v, columnKey: '' })}
              error={errors.datasetId}
            />
            <ChoiceSelect
              label="Column"
              placeholder="Choose a column"
              required
              data={(dataset?.columns ?? []).map((c) => ({ value: c.key, label: c.label }))}
              value={d.columnKey}
              onChange={(v) => form.setData('columnKey', v)}
              error={errors.columnKey}
            />
          </SimpleGrid>
        )}
        {errors.aggregation && (
          <Alert color="red" variant="light" role="alert">
            {errors.aggregation}
          </Alert>
        )}
        {d.kind !== 'manual' && (
          <>
            <ChoiceSelect
              label="Period from"
              description={`Each row counts in the metric’s period that contains this date`}
              data={dateOptions}
              noneLabel={
                d.kind === 'survey_question'
                  ? 'The submission time'
                  : 'The import date of the version'
              }
              value={d.periodKey}
              onChange={(v) => form.setData('periodKey', v)}
              error={errors.periodKey}
            />
            {panel.dimensions.length > 0 && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {panel.dimensions.map((dim) => (
                  <ChoiceSelect
                    key={dim.key}
                    label={`${dim.label} from`}
                    description={`Values or labels matching ${dim.categories.join(', ')}`}
                    data={categoryOptions}
                    noneLabel="Not disaggregated"
                    value={d.disaggregations[dim.key] ?? ''}
                    onChange={(v) =>
                      form.setData('disaggregations', { ...d.disaggregations, [dim.key]: v })
                    }
                    error={errors[`disaggregations.${dim.key}`]}
                  />
                ))}
              </SimpleGrid>
            )}
            <ConditionBuilder
              label="Only the rows where"
              fields={fields.filter((f) => f.kind !== 'other').map(conditionField)}
              value={d.filter}
              onChange={(v) => form.setData('filter', v)}
              error={errors.filter}
              noRulesText={
                fields.length
                  ? 'Every row counts. Add a condition to count only some rows.'
                  : 'Every row counts. Choose the question or column first to add conditions.'
              }
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={form.processing}>
            Save binding
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
