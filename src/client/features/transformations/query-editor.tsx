import { Code, List, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import type { RecipeColumn } from '@shared/transformations/transformations.pages';
import type { Step } from '@shared/transformations/steps';
import { COLUMN_TYPE_LABELS } from '@shared/datasets/column-types';

interface Props {
  step: Extract<Step, { kind: 'query' }>;
  columns: readonly RecipeColumn[];
  onChange: (step: Step) => void;
  errors: Record<string, string>;
}

/** The query step: a SELECT over `previous`, with the previous step's columns beside it */
export function QueryEditor({ step, columns, onChange, errors }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <div>
        <Textarea
          label="SQL query"
          description="One SELECT that reads the previous step’s rows as “previous”. Return _row to keep each row’s source row."
          value={step.sql}
          onChange={(e) => onChange({ ...step, sql: e.currentTarget.value })}
          error={errors.sql}
          autosize
          minRows={6}
          maxRows={20}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      </div>
      <div>
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`query-columns-${step.id}`}>
            Columns of “previous”
          </Text>
          <List size="sm" spacing={2} aria-labelledby={`query-columns-${step.id}`}>
            <List.Item>
              <Code>_row</Code>{' '}
              <Text span size="xs" c="dimmed">
                row number
              </Text>
            </List.Item>
            {columns.map((c) => (
              <List.Item key={c.key}>
                <Code>{c.key}</Code>{' '}
                <Text span size="xs" c="dimmed">
                  {c.label} · {COLUMN_TYPE_LABELS[c.type]}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
      </div>
    </SimpleGrid>
  );
}
