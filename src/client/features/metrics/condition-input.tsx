import { ActionIcon, Group, TextInput } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { IconTrash } from '@tabler/icons-react';
import { CONDITION_OP_LABELS } from '@shared/metrics/metrics.schemas';
import { options } from './lib';
import type { DataPointCondition as Condition } from '@shared/metrics/metrics.pages';

interface Props {
  value: Condition;
  onChange: (c: Condition) => void;
  onRemove?: () => void;
  error?: string;
  /** manual entries have one field: the value */
  label?: string;
}

/** "value is at least 50": a comparison on the entered value (survey answers and dataset columns later). */
export function ConditionInput({ value, onChange, onRemove, error, label = 'Value' }: Props) {
  const raw = Array.isArray(value.value)
    ? value.value.join(', ')
    : value.value === undefined
      ? ''
      : String(value.value);
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <TextInput label="Field" value={label} readOnly w={110} />
      <ChoiceSelect
        label="Comparison"
        data={options(CONDITION_OP_LABELS)}
        value={value.op}
        onChange={(op) => onChange({ ...value, op: (op ?? 'eq') as Condition['op'] })}
        w={170}
      />
      {value.op !== 'not_empty' && (
        <TextInput
          label={value.op === 'in' ? 'Values (comma separated)' : 'Value'}
          value={raw}
          error={error}
          onChange={(e) => {
            const s = e.currentTarget.value;
            const num = (x: string) =>
              x.trim() !== '' && !Number.isNaN(Number(x)) ? Number(x) : x.trim();
            onChange({ ...value, value: value.op === 'in' ? s.split(',').map(num) : num(s) });
          }}
          w={180}
        />
      )}
      {onRemove && (
        <ActionIcon
          variant="subtle"
          color="red"
          mt={28}
          aria-label="Remove condition"
          onClick={onRemove}
        >
          <IconTrash size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}
