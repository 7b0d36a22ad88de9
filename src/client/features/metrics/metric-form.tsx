import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { route } from '@shared/route';
import { METRIC_TYPE_LABELS } from '@shared/toc/vocabulary';
import {
  createMetricSchema,
  METRIC_DIRECTION_LABELS,
  REPORTING_PERIOD_LABELS,
} from '@shared/metrics/metrics.schemas';
import { limitError } from '../../lib/field-limits';
import { passesCheck } from '../../lib/form-check';
import { FORMULA_FUNCTIONS } from '@shared/metrics/formula';
import { DimensionsInput } from './dimensions-input';
import { CustomPeriodsInput } from './custom-periods-input';
import { options } from './lib';
import type { MetricView } from '@shared/metrics/metrics.pages';
import { fiscalStartText, isFiscal } from '@shared/metrics/fiscal';
import { useShared } from '../../hooks/use-shared';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** create on this element ... */
  elementId?: string;
  elementLabel?: string;
  /** ... or edit this metric */
  metric?: MetricView;
  /** data point keys the formula may use (edit) */
  dataPointKeys?: string[];
}

const year = new Date().getFullYear();

/**
 * Under a fiscal reporting period: the fiscal year start the metric keeps (its own once set, else
 * the team's setting now, which the server snapshots on save).
 */
function useFiscalHelp(metric: MetricView | undefined, period: string): string | undefined {
  const { teamDefaults } = useShared();
  if (!isFiscal(period)) return undefined;
  if (metric && isFiscal(metric.period) && metric.fiscalStartMonth)
    return `${fiscalStartText(metric.fiscalStartMonth)} (kept from when it was set)`;
  return `${fiscalStartText(teamDefaults?.fiscalYearStartMonth)} (team setting)`;
}

/** Create or edit a metric (activity, output or outcome metric). */
export function MetricFormModal({
  opened,
  onClose,
  elementId,
  elementLabel,
  metric,
  dataPointKeys = [],
}: Props) {
  const form = useForm({
    name: metric?.name ?? '',
    definition: metric?.definition ?? '',
    unit: metric?.unit ?? '',
    type: metric?.type ?? 'count',
    currency: metric?.currency ?? '',
    direction: metric?.direction ?? 'increase',
    baselineValue:
      metric?.baselineValue === null || metric?.baselineValue === undefined
        ? ''
        : String(metric.baselineValue),
    baselineDate: metric?.baselineDate ?? '',
    period: metric?.period ?? 'quarterly',
    periodStart: metric?.periodStart ?? `${year}-01-01`,
    periodEnd: metric?.periodEnd ?? `${year}-12-31`,
    customPeriods: metric?.customPeriods ?? [],
    disaggregations: metric?.disaggregations ?? [],
    standardRef: metric?.standardRef ?? '',
    formula: metric?.formula ?? '',
  });
  const errors = form.errors as Record<string, string | undefined>;
  const fiscalHelp = useFiscalHelp(metric, form.data.period);
  const text = (
    key:
      | 'name'
      | 'definition'
      | 'unit'
      | 'currency'
      | 'baselineValue'
      | 'baselineDate'
      | 'periodStart'
      | 'periodEnd'
      | 'standardRef'
      | 'formula',
  ) => ({
    value: form.data[key],
    onChange: (e: { currentTarget: { value: string } }) => form.setData(key, e.currentTarget.value),
    error: limitError(form.data[key], createMetricSchema.shape[key]) ?? errors[key],
    name: key,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, createMetricSchema)) return;
    const opts = { preserveScroll: true, onSuccess: () => onClose() };
    if (metric) form.put(route('metrics.update', { metric: metric.id }), opts);
    else if (elementId) form.post(route('metrics.store', { element: elementId }), opts);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        metric
          ? `Edit “${metric.name}”`
          : `Add a metric${elementLabel ? ` to “${elementLabel}”` : ''}`
      }
      size="xl"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            placeholder="e.g. Girls passing the end-of-primary exam"
            required
            data-autofocus
            {...text('name')}
          />
          <Textarea
            label="Definition"
            description="What exactly is counted, and how"
            autosize
            minRows={2}
            {...text('definition')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <ChoiceSelect
              label="Type"
              data={options(METRIC_TYPE_LABELS)}
              value={form.data.type}
              onChange={(v) => form.setData('type', v || 'count')}
              error={errors.type}
            />
            {form.data.type === 'currency' ? (
              <TextInput label="Currency" placeholder="USD" {...text('currency')} />
            ) : (
              <TextInput label="Unit" placeholder="e.g. girls, households" {...text('unit')} />
            )}
            <ChoiceSelect
              label="Direction of good change"
              data={options(METRIC_DIRECTION_LABELS)}
              value={form.data.direction}
              onChange={(v) => form.setData('direction', v || 'increase')}
              error={errors.direction}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Baseline value" inputMode="decimal" {...text('baselineValue')} />
            <TextInput label="Baseline date" type="date" {...text('baselineDate')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <ChoiceSelect
              label="Reporting period"
              data={options(REPORTING_PERIOD_LABELS)}
              value={form.data.period}
              onChange={(v) => form.setData('period', v || 'quarterly')}
              description={fiscalHelp}
              error={errors.period}
            />
            {form.data.period !== 'custom' && (
              <>
                <TextInput label="Reporting starts" type="date" {...text('periodStart')} />
                <TextInput label="Reporting ends" type="date" {...text('periodEnd')} />
              </>
            )}
          </SimpleGrid>
          {form.data.period === 'custom' && (
            <CustomPeriodsInput
              value={form.data.customPeriods}
              onChange={(v) => form.setData('customPeriods', v)}
              errors={errors}
            />
          )}
          <DimensionsInput
            value={form.data.disaggregations}
            onChange={(v) => form.setData('disaggregations', v)}
            errors={errors}
          />
          <TextInput
            label="Standard indicator"
            description="Optional reference, e.g. SDG 4.1.1 or IRIS+ PI4060"
            {...text('standardRef')}
          />
          <TextInput
            label="Formula"
            ff="monospace"
            placeholder="percent(girls_passing, girls_tested)"
            description={
              metric
                ? `Data points: ${dataPointKeys.join(', ') || 'none'}. Functions: ${Object.keys(FORMULA_FUNCTIONS).join(', ')}; + - * / and parentheses.`
                : `Optional. Each name becomes a data point you enter values for (lower_snake_case). Functions: ${Object.keys(FORMULA_FUNCTIONS).join(', ')}. Leave empty to enter the metric’s value directly.`
            }
            {...text('formula')}
          />
          {Object.keys(errors).length > 0 && (
            <Text size="sm" c="red" role="alert">
              Please correct the highlighted fields.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.processing}>
              {metric ? 'Save' : 'Add metric'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
