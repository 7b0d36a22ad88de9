import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { CustomPeriod } from '@shared/metrics/metrics.pages';

interface Props {
  value: CustomPeriod[];
  onChange: (v: CustomPeriod[]) => void;
  errors: Record<string, string | undefined>;
}

/** The custom reporting periods of a metric (e.g. school terms): key, label, start and end. */
export function CustomPeriodsInput({ value, onChange, errors }: Props) {
  const set = (i: number, p: Partial<CustomPeriod>) =>
    onChange(value.map((x, j) => (j === i ? { ...x, ...p } : x)));
  const e = (i: number, f: string) => errors[`customPeriods.${i}.${f}`];
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Custom periods
      </Text>
      {value.map((p, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            label="Key"
            placeholder="2026-T1"
            value={p.key}
            onChange={(ev) => set(i, { key: ev.currentTarget.value })}
            error={e(i, 'key')}
            w={110}
          />
          <TextInput
            label="Label"
            placeholder="Term 1 2026"
            value={p.label}
            onChange={(ev) => set(i, { label: ev.currentTarget.value })}
            error={e(i, 'label')}
            w={160}
          />
          <TextInput
            label="Start"
            type="date"
            value={p.start}
            onChange={(ev) => set(i, { start: ev.currentTarget.value })}
            error={e(i, 'start')}
            w={150}
          />
          <TextInput
            label="End"
            type="date"
            value={p.end}
            onChange={(ev) => set(i, { end: ev.currentTarget.value })}
            error={e(i, 'end')}
            w={150}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={28}
            aria-label={`Remove ${p.label || 'period'}`}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...value, { key: '', label: '', start: '', end: '' }])}
        >
          Add period
        </Button>
      </Group>
      {errors.customPeriods && (
        <Text size="xs" c="red">
          {errors.customPeriods}
        </Text>
      )}
    </Stack>
  );
}
