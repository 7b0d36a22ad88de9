import {
  ActionIcon,
  Box,
  Button,
  Checkbox,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type {
  RecipeColumn,
  TransformationShowProps,
} from '@shared/transformations/transformations.pages';
import { CONVERTIBLE_TYPES, type Step } from '@shared/transformations/steps';
import { COLUMN_TYPE_LABELS } from '@shared/datasets/column-types';
import { ChoiceMultiSelect, ChoiceSelect } from '../../components/choice-select';
import { ConditionBuilder } from '../expressions/condition-builder';
import { numberColumns, textColumns } from './new-step';
import { AggregateEditor, AppendEditor, JoinEditor } from './combine-editors';
import { QueryEditor } from './query-editor';
import { MergeEditor, SplitEditor } from './reshape-editors';

interface Props {
  step: Step;
  columns: readonly RecipeColumn[];
  onChange: (step: Step) => void;
  /** errors by field path within the step (server validation or the compiler's) */
  errors: Record<string, string>;
  /** the project's datasets a join or an append may read */
  datasets: TransformationShowProps['datasets'];
}

/** The declared orders for a year-last date (dates.ts), the first that gives a real date wins */
const DATE_ORDER_CHOICES = [
  { value: 'dmy,mdy', label: 'Day first (5 March), else month first' },
  { value: 'mdy,dmy', label: 'Month first (May 3), else day first' },
  { value: 'dmy', label: 'Day first only' },
  { value: 'mdy', label: 'Month first only' },
];

const options = (cols: readonly RecipeColumn[]) =>
  cols.map((c) => ({ value: c.key, label: c.label }));

/** The form of one step, by kind */
export function StepEditor({ step, columns, onChange, errors, datasets }: Props) {
  const err = (f: string) => errors[f];
  switch (step.kind) {
    case 'cleanup':
      return (
        <Stack gap="sm">
          <ChoiceSelect
            label="Clean-up"
            data={[
              { value: 'trim', label: 'Trim spaces around values' },
              { value: 'lower', label: 'Make lower case' },
              { value: 'upper', label: 'Make upper case' },
              { value: 'remove', label: 'Remove characters' },
              { value: 'replace', label: 'Replace values (mapping table)' },
              { value: 'dates', label: 'Standardise dates (YYYY-MM-DD)' },
            ]}
            value={step.op}
            // a step saved before "Standardise dates" existed has no date order yet
            onChange={(op) =>
              op && onChange({ ...step, op, dateOrder: step.dateOrder ?? ['dmy', 'mdy'] })
            }
          />
          <ChoiceMultiSelect
            label="Columns"
            data={options(textColumns(columns))}
            value={step.columns}
            onChange={(v) => onChange({ ...step, columns: v })}
            error={err('columns')}
            searchable
          />
          {step.op === 'dates' && (
            <ChoiceSelect
              label="Read dates like 05/03/2024 as"
              description="Also read: 2024-03-05, 5 Mar 2024, March 5, 2024. Other values are kept as they are."
              data={DATE_ORDER_CHOICES}
              value={step.dateOrder.join(',')}
              onChange={(v) =>
                v && onChange({ ...step, dateOrder: v.split(',') as typeof step.dateOrder })
              }
              error={err('dateOrder')}
            />
          )}
          {step.op === 'remove' && (
            <TextInput
              label="Characters to remove"
              description="Each character typed here is removed, e.g. -/()"
              value={step.characters}
              onChange={(e) => onChange({ ...step, characters: e.currentTarget.value })}
              error={err('characters')}
            />
          )}
          {step.op === 'replace' && (
            <Stack gap="xs">
              <Group gap="xs" wrap="nowrap" aria-hidden>
                <Text size="sm" fw={500} style={{ flex: 1 }}>
                  Value
                </Text>
                <Text size="sm" fw={500} style={{ flex: 1 }}>
                  Becomes (empty: no value)
                </Text>
                <Box w={28} />
              </Group>
              {step.mapping.map((m, i) => (
                <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
                  <TextInput
                    style={{ flex: 1 }}
                    aria-label={`Value ${i + 1}`}
                    value={m.from}
                    onChange={(e) => {
                      const from = e.currentTarget.value;
                      onChange({
                        ...step,
                        mapping: step.mapping.map((x, j) => (j === i ? { ...x, from } : x)),
                      });
                    }}
                  />
                  <TextInput
                    style={{ flex: 1 }}
                    aria-label={`Replacement ${i + 1}`}
                    value={m.to}
                    onChange={(e) => {
                      const to = e.currentTarget.value;
                      onChange({
                        ...step,
                        mapping: step.mapping.map((x, j) => (j === i ? { ...x, to } : x)),
                      });
                    }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={4}
                    aria-label={`Remove mapping ${i + 1}`}
                    onClick={() =>
                      onChange({ ...step, mapping: step.mapping.filter((_, j) => j !== i) })
                    }
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              {err('mapping') && (
                <Text size="sm" c="red">
                  {err('mapping')}
                </Text>
              )}
              <Group>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconPlus size={14} />}
                  onClick={() =>
                    onChange({ ...step, mapping: [...step.mapping, { from: '', to: '' }] })
                  }
                >
                  Add a value
                </Button>
                <Checkbox
                  label="Ignore case and surrounding spaces"
                  checked={step.loose}
                  onChange={(e) => onChange({ ...step, loose: e.currentTarget.checked })}
                />
              </Group>
            </Stack>
          )}
        </Stack>
      );
    case 'fill': {
      const col = columns.find((c) => c.key === step.column);
      const numeric = col && (col.type === 'integer' || col.type === 'decimal');
      return (
        <Stack gap="sm">
          <ChoiceSelect
            label="Column"
            data={options(columns)}
            value={step.column}
            onChange={(v) => v && onChange({ ...step, column: v })}
            error={err('column')}
          />
          <ChoiceSelect
            label="Fill empty values with"
            data={[
              { value: 'constant', label: 'A value' },
              { value: 'mean', label: 'The column’s mean', disabled: !numeric },
              { value: 'median', label: 'The column’s median', disabled: !numeric },
              { value: 'previous', label: 'The last value above (in row order)' },
            ]}
            value={step.method}
            onChange={(m) => m && onChange({ ...step, method: m })}
          />
          {step.method === 'constant' && (
            <TextInput
              label="Value"
              value={step.value}
              onChange={(e) => onChange({ ...step, value: e.currentTarget.value })}
              error={err('value')}
            />
          )}
        </Stack>
      );
    }
    case 'filter':
      return (
        <ConditionBuilder
          label="Keep the rows where"
          fields={columns.map((c) => ({
            key: c.key,
            label: c.label,
            type: c.type === 'multi' ? 'select_multiple' : c.type === 'category' ? 'text' : c.type,
          }))}
          value={step.expression}
          onChange={(expression) => onChange({ ...step, expression })}
          error={err('expression')}
        />
      );
    case 'columns':
      return (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Rename, change the type of, or remove columns. Values that do not convert to the new
            type become empty, a default, or their rows are dropped: the counts say how many.
          </Text>
          {columns.map((c) => {
            const i = step.changes.findIndex((x) => x.column === c.key);
            const ch = i >= 0 ? step.changes[i] : null;
            const set = (patch: Partial<Extract<Step, { kind: 'columns' }>['changes'][number]>) => {
              const base = ch ?? {
                column: c.key,
                label: '',
                type: null,
                onFail: 'null' as const,
                default: '',
                remove: false,
              };
              const next = { ...base, ...patch };
              const unchanged = !next.label && !next.type && !next.remove;
              const changes = ch
                ? unchanged
                  ? step.changes.filter((_, j) => j !== i)
                  : step.changes.map((x, j) => (j === i ? next : x))
                : [...step.changes, next];
              onChange({ ...step, changes });
            };
            const prefix = i >= 0 ? `changes.${i}.` : '-';
            return (
              <Group key={c.key} gap="xs" align="flex-end" wrap="wrap">
                <TextInput
                  label={`Name of “${c.label}”`}
                  placeholder={c.label}
                  w={200}
                  value={ch?.label ?? ''}
                  onChange={(e) => set({ label: e.currentTarget.value })}
                  error={errors[`${prefix}label`]}
                />
                <ChoiceSelect
                  label="Type"
                  w={170}
                  data={CONVERTIBLE_TYPES.map((t) => ({ value: t, label: COLUMN_TYPE_LABELS[t] }))}
                  noneLabel={`Keep (${COLUMN_TYPE_LABELS[c.type]})`}
                  value={ch?.type ?? ''}
                  onChange={(t) => set({ type: t || null })}
                  error={errors[`${prefix}type`]}
                />
                {ch?.type && (
                  <ChoiceSelect
                    label="Values that do not convert"
                    w={200}
                    data={[
                      { value: 'null', label: 'Become empty' },
                      { value: 'default', label: 'Become a default' },
                      { value: 'drop', label: 'Drop their rows' },
                    ]}
                    value={ch.onFail}
                    onChange={(v) => v && set({ onFail: v })}
                  />
                )}
                {ch?.type && ch.onFail === 'default' && (
                  <TextInput
                    label="Default"
                    w={120}
                    value={ch.default}
                    onChange={(e) => set({ default: e.currentTarget.value })}
                    error={errors[`${prefix}default`]}
                  />
                )}
                <Checkbox
                  label="Remove"
                  checked={ch?.remove ?? false}
                  onChange={(e) => set({ remove: e.currentTarget.checked })}
                  mb={8}
                />
              </Group>
            );
          })}
          {err('changes') && (
            <Text size="sm" c="red">
              {err('changes')}
            </Text>
          )}
        </Stack>
      );
    case 'derive':
      return (
        <Stack gap="sm">
          <TextInput
            label="Column name"
            value={step.label}
            onChange={(e) => onChange({ ...step, label: e.currentTarget.value })}
            error={err('label')}
          />
          <Textarea
            label="Expression"
            description="e.g. ${weight} div (${height} * ${height}), if(${age} >= 18, 'adult', 'child'), concat(${first}, ' ', ${last})"
            value={step.expression}
            onChange={(e) => onChange({ ...step, expression: e.currentTarget.value })}
            error={err('expression')}
            autosize
            minRows={2}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        </Stack>
      );
    case 'bins':
      return (
        <Stack gap="sm">
          <ChoiceSelect
            label="Number column"
            data={options(numberColumns(columns))}
            value={step.column}
            onChange={(v) => v && onChange({ ...step, column: v })}
            error={err('column')}
          />
          <TextInput
            label="New column name"
            value={step.label}
            onChange={(e) => onChange({ ...step, label: e.currentTarget.value })}
            error={err('label')}
          />
          <TextInput
            label="Limits"
            description="Ascending numbers separated by commas: a value below the first limit gets the first category, and so on."
            defaultValue={step.breaks.join(', ')}
            onBlur={(e) => {
              const breaks = e.currentTarget.value
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
                .map(Number);
              onChange({ ...step, breaks });
            }}
            error={
              err('breaks') ?? Object.entries(errors).find(([k]) => k.startsWith('breaks.'))?.[1]
            }
          />
          <TextInput
            label="Categories"
            description="One more than the limits, separated by commas."
            defaultValue={step.labels.join(', ')}
            onBlur={(e) =>
              onChange({ ...step, labels: e.currentTarget.value.split(',').map((s) => s.trim()) })
            }
            error={
              err('labels') ?? Object.entries(errors).find(([k]) => k.startsWith('labels.'))?.[1]
            }
          />
        </Stack>
      );
    case 'dedupe':
      return (
        <Stack gap="sm">
          <ChoiceMultiSelect
            label="Rows are duplicates when these columns are the same"
            data={options(columns)}
            value={step.columns}
            onChange={(v) => onChange({ ...step, columns: v })}
            error={err('columns')}
            searchable
          />
          <ChoiceSelect
            label="Keep"
            data={[
              { value: 'first', label: 'The first row (in source order)' },
              { value: 'last', label: 'The last row' },
            ]}
            value={step.keep}
            onChange={(v) => v && onChange({ ...step, keep: v })}
          />
        </Stack>
      );
    case 'join':
      return <JoinEditor {...{ step, columns, datasets, onChange, errors }} />;
    case 'append':
      return <AppendEditor {...{ step, columns, datasets, onChange, errors }} />;
    case 'aggregate':
      return <AggregateEditor {...{ step, columns, datasets, onChange, errors }} />;
    case 'query':
      return <QueryEditor {...{ step, columns, onChange, errors }} />;
    case 'split':
      return <SplitEditor {...{ step, columns, onChange, errors }} />;
    case 'merge':
      return <MergeEditor {...{ step, columns, onChange, errors }} />;
  }
}
