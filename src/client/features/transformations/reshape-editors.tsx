import { Stack, TextInput } from '@mantine/core';
import type { RecipeColumn } from '@shared/transformations/transformations.pages';
import type { Step } from '@shared/transformations/steps';
import { ChoiceMultiSelect, ChoiceSelect } from '../../components/choice-select';
import { textColumns } from './new-step';

type Of<K extends Step['kind']> = Extract<Step, { kind: K }>;

interface Props<K extends Step['kind']> {
  step: Of<K>;
  columns: readonly RecipeColumn[];
  onChange: (step: Step) => void;
  errors: Record<string, string>;
}

const options = (cols: readonly RecipeColumn[]) =>
  cols.map((c) => ({ value: c.key, label: c.label }));
const firstError = (errors: Record<string, string>, prefix: string) =>
  errors[prefix] ?? Object.entries(errors).find(([k]) => k.startsWith(`${prefix}.`))?.[1];

/** Split a text column by a delimiter: into N columns, or keep its first or last part */
export function SplitEditor({ step, columns, onChange, errors }: Props<'split'>) {
  const set = (patch: Partial<Of<'split'>>) => onChange({ ...step, ...patch });
  return (
    <Stack gap="sm">
      <ChoiceSelect
        label="Column to split"
        data={options(textColumns(columns))}
        value={step.column || null}
        onChange={(column) => column && set({ column })}
        error={errors.column}
        searchable
      />
      <TextInput
        label="Delimiter"
        description="The text between the parts, e.g. a comma or a space (spaces count)."
        value={step.delimiter}
        onChange={(e) => set({ delimiter: e.currentTarget.value })}
        error={errors.delimiter}
      />
      <ChoiceSelect
        label="Keep"
        data={[
          { value: 'parts', label: 'Each part in a column of its own' },
          { value: 'first', label: 'The first part' },
          { value: 'last', label: 'The last part' },
        ]}
        value={step.into}
        onChange={(into) => into && set({ into })}
      />
      {step.into === 'parts' && (
        <ChoiceSelect
          label="Number of columns"
          description="Parts after the last column are left out."
          data={Array.from({ length: 9 }, (_, i) => ({
            value: String(i + 2),
            label: String(i + 2),
          }))}
          value={String(step.count)}
          onChange={(v) => v && set({ count: Number(v) })}
          error={errors.count}
        />
      )}
      <TextInput
        label={step.into === 'parts' ? 'Name of the new columns' : 'Name of the new column'}
        description={
          step.into === 'parts' ? `Numbered: “${step.label} 1”, “${step.label} 2”, …` : undefined
        }
        value={step.label}
        onChange={(e) => set({ label: e.currentTarget.value })}
        error={errors.label}
      />
    </Stack>
  );
}

/** Merge chosen columns into one text column, joined by a separator */
export function MergeEditor({ step, columns, onChange, errors }: Props<'merge'>) {
  const set = (patch: Partial<Of<'merge'>>) => onChange({ ...step, ...patch });
  const mergeable = columns.filter((c) =>
    ['text', 'category', 'integer', 'decimal'].includes(c.type),
  );
  return (
    <Stack gap="sm">
      <ChoiceMultiSelect
        label="Columns to merge, in order"
        description="Texts, categories or numbers; empty values are left out."
        data={options(mergeable)}
        value={step.columns}
        onChange={(v) => set({ columns: v })}
        error={firstError(errors, 'columns')}
        searchable
      />
      <TextInput
        label="Separator"
        description="Put between the values (spaces count; may be empty)."
        value={step.separator}
        onChange={(e) => set({ separator: e.currentTarget.value })}
        error={errors.separator}
      />
      <TextInput
        label="Name of the new column"
        value={step.label}
        onChange={(e) => set({ label: e.currentTarget.value })}
        error={errors.label}
      />
    </Stack>
  );
}
