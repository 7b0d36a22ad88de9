import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { route } from '@shared/route';
import { createValueSchema, updateValueSchema } from '@shared/metrics/metrics.schemas';
import { passesCheck } from '../../lib/form-check';
import type {
  DataPointView,
  EntryView,
  MetricView,
  PeriodOption,
} from '@shared/metrics/metrics.pages';

interface Props {
  metric: MetricView;
  dataPoints: DataPointView[];
  periods: PeriodOption[];
  /** edit this entry instead of adding one */
  entry?: EntryView;
  onDone?: () => void;
}

const valueHint: Record<string, string> = {
  percentage: 'A percentage, 0 to 100',
  yes_no: '1 for yes, 0 for no',
  count: 'A whole number, 0 or more',
  currency: 'An amount',
};

/** Enter (or correct) a value for a period, a data point and optionally a category of each dimension. */
export function ValueForm({ metric, dataPoints, periods, entry, onDone }: Props) {
  const form = useForm({
    dataPointId:
      entry?.dataPointId ?? dataPoints.find((d) => d.starred)?.id ?? dataPoints[0]?.id ?? '',
    period: entry?.period ?? periods[0]?.key ?? '',
    disaggregation: entry?.disaggregation ?? {},
    value: entry ? String(entry.value) : '',
    note: entry?.note ?? '',
  });
  const errors = form.errors as Record<string, string | undefined>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, entry ? updateValueSchema : createValueSchema)) return;
    const opts = {
      preserveScroll: true,
      onSuccess: () => {
        if (!entry) form.reset('value', 'note');
        onDone?.();
      },
    };
    if (entry) form.put(route('metric-values.update', { metricValue: entry.id }), opts);
    else form.post(route('metric-values.store', { metric: metric.id }), opts);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={entry ? 'Edit value' : 'Enter a value'}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: dataPoints.length > 1 ? 3 : 2 }}>
          {dataPoints.length > 1 && (
            <ChoiceSelect
              label="Data point"
              data={dataPoints.map((d) => ({ value: d.id, label: `${d.name} (${d.key})` }))}
              value={form.data.dataPointId}
              onChange={(v) => form.setData('dataPointId', v ?? '')}
              error={errors.dataPointId}
            />
          )}
          <ChoiceSelect
            label="Period"
            data={periods.map((p) => ({ value: p.key, label: p.label }))}
            value={form.data.period}
            onChange={(v) => form.setData('period', v ?? '')}
            error={errors.period}
            searchable
          />
          <TextInput
            label="Value"
            inputMode="decimal"
            description={metric.formula ? 'A number' : (valueHint[metric.type] ?? 'A number')}
            value={form.data.value}
            onChange={(e) => form.setData('value', e.currentTarget.value)}
            error={errors.value}
            required
          />
        </SimpleGrid>
        {metric.disaggregations.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: Math.min(metric.disaggregations.length, 3) }}>
            {metric.disaggregations.map((d) => (
              <ChoiceSelect
                key={d.key}
                label={d.label}
                noneLabel="Total (all)"
                data={d.categories}
                value={form.data.disaggregation[d.key] ?? null}
                onChange={(v) => {
                  const next = { ...form.data.disaggregation };
                  if (v) next[d.key] = v;
                  else delete next[d.key];
                  form.setData('disaggregation', next);
                }}
                error={errors[`disaggregation.${d.key}`]}
              />
            ))}
          </SimpleGrid>
        )}
        <TextInput
          label="Note"
          placeholder="Source, remark (optional)"
          value={form.data.note}
          onChange={(e) => form.setData('note', e.currentTarget.value)}
          error={errors.note}
        />
        <Group justify="flex-end">
          {onDone && entry && (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          )}
          <Button
            type="submit"
            loading={form.processing}
            disabled={!periods.length || !dataPoints.length}
          >
            {entry ? 'Save' : 'Add value'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
