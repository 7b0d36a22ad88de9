import { Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { COLUMN_TYPE_LABELS } from '@shared/datasets/column-types';
import { IMPORT_TYPES } from '@shared/datasets/convert';
import type { PreviewColumn } from '@shared/datasets/datasets.pages';
import { ChoiceSelect } from '../../components/choice-select';
import { count } from './labels';

export type ColumnChoice = {
  index: number;
  label: string;
  type: (typeof IMPORT_TYPES)[number];
  include: boolean;
};

const TYPE_OPTIONS = IMPORT_TYPES.map((t) => ({ value: t, label: COLUMN_TYPE_LABELS[t] }));

/** One card per column of the file: include it, rename it, pick its type; failures per type */
export function ColumnEditor({
  columns,
  choices,
  sampled,
  errors,
  onChange,
}: {
  columns: PreviewColumn[];
  choices: ColumnChoice[];
  sampled: number;
  errors: Record<string, string>;
  onChange: (i: number, patch: Partial<ColumnChoice>) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      {columns.map((c, i) => {
        const ch = choices[i];
        const failed = c.failures[ch.type] ?? 0;
        return (
          <Paper key={c.index} withBorder p="sm" radius="md" opacity={ch.include ? 1 : 0.6}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Checkbox
                  label={`Import “${c.source}”`}
                  checked={ch.include}
                  onChange={(e) => onChange(i, { include: e.currentTarget.checked })}
                />
                {c.keptKey && (
                  <Text size="xs" c="dimmed" ff="monospace">
                    {c.keptKey}
                  </Text>
                )}
              </Group>
              <TextInput
                label="Name"
                value={ch.label}
                disabled={!ch.include}
                onChange={(e) => onChange(i, { label: e.currentTarget.value })}
                error={errors[`columns.${i}.label`]}
              />
              <ChoiceSelect
                label="Type"
                data={TYPE_OPTIONS}
                value={ch.type}
                disabled={!ch.include}
                onChange={(v) => v && onChange(i, { type: v })}
              />
              <Text size="xs" c={failed ? 'red.8' : 'dimmed'}>
                {failed
                  ? `${count(failed)} of ${count(sampled)} sampled values would not convert: they are imported empty and listed in the error report.`
                  : `All ${count(sampled)} sampled values convert.`}
              </Text>
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
