import { Checkbox, Group } from '@mantine/core';
import { ABILITY_LABELS } from '@shared/api-tokens/api-tokens.schemas';
import type { Ability } from '@shared/permissions';

/** Read / create / update / delete checkboxes. */
export function AbilitiesInput({
  available,
  value,
  onChange,
  error,
}: {
  available: Ability[];
  value: Ability[];
  onChange: (v: Ability[]) => void;
  error?: string;
}) {
  return (
    <Checkbox.Group
      label="Abilities"
      description="What requests made with this token may do."
      value={value}
      onChange={(v) => onChange(v as Ability[])}
      error={error}
    >
      <Group mt="xs">
        {available.map((a) => (
          <Checkbox key={a} value={a} label={ABILITY_LABELS[a]} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
