import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import {
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { IconPlus } from '@tabler/icons-react';
import { route } from '@shared/route';
import {
  AGGREGATION_LABELS,
  MEASUREMENT_LABELS,
  createDataPointSchema,
  updateDataPointSchema,
} from '@shared/metrics/metrics.schemas';
import { passesCheck } from '../../lib/form-check';
import { ConditionInput } from './condition-input';
import { errorUnder, options } from './lib';
import type { DataPointView } from '@shared/metrics/metrics.pages';

interface Props {
  opened: boolean;
  onClose: () => void;
  metricId?: string;
  dataPoint?: DataPointView;
}

const MEASUREMENT_OPTIONS = [
  { value: 'manual', label: MEASUREMENT_LABELS.manual },
  {
    value: 'survey_question',
    label: `${MEASUREMENT_LABELS.survey_question} (bound on the data point’s page)`,
    disabled: true,
  },
  {
    value: 'dataset_column',
    label: `${MEASUREMENT_LABELS.dataset_column} (bound on the data point’s page)`,
    disabled: true,
  },
];

/** Add or edit a data point: key, name, how it is measured, aggregation, condition and filter. */
export function DataPointFormModal({ opened, onClose, metricId, dataPoint }: Props) {
  const form = useForm({
    key: dataPoint?.key ?? '',
    name: dataPoint?.name ?? '',
    description: dataPoint?.description ?? '',
    measurement: dataPoint?.measurement ?? 'manual',
    aggregation: dataPoint?.aggregation ?? 'sum',
    condition: dataPoint?.condition ?? null,
    filter: dataPoint?.filter ?? [],
    starred: dataPoint?.starred ?? false,
  });
  const errors = form.errors as Record<string, string | undefined>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const prepare = (d: typeof form.data) => ({
      ...d,
      condition:
        d.aggregation === 'percent_meeting' ? (d.condition ?? { op: 'eq', value: 1 }) : null,
    });
    const schema = dataPoint ? updateDataPointSchema : createDataPointSchema;
    if (!passesCheck(form, schema, prepare(form.data))) return;
    form.transform(prepare);
    const opts = { preserveScroll: true, onSuccess: () => onClose() };
    if (dataPoint) form.put(route('data-points.update', { dataPoint: dataPoint.id }), opts);
    else if (metricId) form.post(route('data-points.store', { metric: metricId }), opts);
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={dataPoint ? `Edit “${dataPoint.name}”` : 'Add a data point'}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name"
              required
              value={form.data.name}
              onChange={(e) => form.setData('name', e.currentTarget.value)}
              error={errors.name}
              data-autofocus
            />
            <TextInput
              label="Key"
              description="Used in the formula"
              ff="monospace"
              required
              value={form.data.key}
              onChange={(e) => form.setData('key', e.currentTarget.value)}
              error={errors.key}
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={form.data.description}
            onChange={(e) => form.setData('description', e.currentTarget.value)}
            error={errors.description}
          />
          <ChoiceSelect
            label="How it is measured"
            description="Survey questions and dataset columns can feed data points once surveys and data sources exist; until then values are entered per period."
            data={MEASUREMENT_OPTIONS}
            value={form.data.measurement}
            onChange={(v) => form.setData('measurement', v ?? 'manual')}
            error={errors.measurement}
          />
          <ChoiceSelect
            label="Aggregation of a period’s entries"
            data={options(AGGREGATION_LABELS)}
            value={form.data.aggregation}
            onChange={(v) => form.setData('aggregation', v ?? 'sum')}
            error={errors.aggregation}
          />
          {form.data.aggregation === 'percent_meeting' && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Condition to meet
              </Text>
              <ConditionInput
                value={form.data.condition ?? { op: 'gte', value: 1 }}
                onChange={(c) => form.setData('condition', c)}
                error={errorUnder(errors, 'condition')}
              />
            </Stack>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Filter
            </Text>
            <Text size="xs" c="dimmed">
              Only entries meeting every condition count.
            </Text>
            {form.data.filter.map((c, i) => (
              <ConditionInput
                key={i}
                value={c}
                onChange={(n) =>
                  form.setData(
                    'filter',
                    form.data.filter.map((x, j) => (j === i ? n : x)),
                  )
                }
                onRemove={() =>
                  form.setData(
                    'filter',
                    form.data.filter.filter((_, j) => j !== i),
                  )
                }
                error={errorUnder(errors, `filter.${i}`)}
              />
            ))}
            <Group>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() =>
                  form.setData('filter', [...form.data.filter, { op: 'gte', value: 0 }])
                }
              >
                Add condition
              </Button>
            </Group>
          </Stack>
          <Switch
            label="Key data point (starred)"
            checked={form.data.starred}
            onChange={(e) => form.setData('starred', e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.processing}>
              {dataPoint ? 'Save' : 'Add data point'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
