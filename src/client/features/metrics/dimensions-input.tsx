import { ActionIcon, Button, Group, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DISAGGREGATION_PRESETS } from '@shared/metrics/metrics.schemas';
import type { Disaggregation } from '@shared/metrics/metrics.pages';

interface Props {
  value: Disaggregation[];
  onChange: (v: Disaggregation[]) => void;
  errors: Record<string, string | undefined>;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^(\d)/, 'd_$1') || 'dimension';

/** Disaggregation dimensions: presets (sex, age group, location) or custom, each with its categories. */
export function DimensionsInput({ value, onChange, errors }: Props) {
  const set = (i: number, d: Partial<Disaggregation>) =>
    onChange(value.map((x, j) => (j === i ? { ...x, ...d } : x)));
  const has = (key: string) => value.some((d) => d.key === key);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Disaggregations
      </Text>
      <Text size="xs" c="dimmed">
        Values can be entered per category (e.g. per sex) and the metric shows each category over
        time.
      </Text>
      {value.map((d, i) => (
        <Group key={i} align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            label="Dimension"
            value={d.label}
            onChange={(e) =>
              set(i, { label: e.currentTarget.value, key: d.key || slug(e.currentTarget.value) })
            }
            error={errors[`disaggregations.${i}.label`] ?? errors[`disaggregations.${i}.key`]}
            w={150}
          />
          <TagsInput
            label="Categories"
            description="Type and press Enter"
            value={d.categories}
            onChange={(categories) => set(i, { categories })}
            error={
              errors[`disaggregations.${i}.categories`] ??
              Object.entries(errors).find(([k]) =>
                k.startsWith(`disaggregations.${i}.categories.`),
              )?.[1]
            }
            style={{ flex: 1, minWidth: 200 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={28}
            aria-label={`Remove ${d.label || 'dimension'}`}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs">
        {DISAGGREGATION_PRESETS.map((p) => (
          <Button
            key={p.key}
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled={has(p.key)}
            onClick={() =>
              onChange([...value, { key: p.key, label: p.label, categories: [...p.categories] }])
            }
          >
            {p.label}
          </Button>
        ))}
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...value, { key: '', label: '', categories: [] }])}
        >
          Custom dimension
        </Button>
      </Group>
      {errors.disaggregations && (
        <Text size="xs" c="red">
          {errors.disaggregations}
        </Text>
      )}
    </Stack>
  );
}
