import { Stack, Text, Title } from '@mantine/core';
import type { ColumnSummary } from '@shared/coding/kinds';
import { SummaryQuotes } from './summary-quotes';

/**
 * A summary the model wrote: its statements, each with the quotes it cites (verbatim, checked
 * against the answers; a statement that failed the check was refused and is listed on the run).
 */
export function SummaryStatements({ summary }: { summary: ColumnSummary }) {
  const statements = summary.statements ?? [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Summary of all answers
      </Title>
      <Text size="sm" c="dimmed">
        Written by the model ({summary.model}): each statement cites the answers it rests on, quoted
        as written and checked word for word. It is the model’s reading, not a count.
      </Text>
      {statements.length === 0 ? (
        <Text size="sm" c="dimmed">
          The model gave no statement that passed the check: see the refusals under the run, or run
          again.
        </Text>
      ) : (
        statements.map((s, i) => (
          <Stack key={i} gap={6}>
            <Text fw={600}>{s.text}</Text>
            <SummaryQuotes sentences={s.quotes} />
          </Stack>
        ))
      )}
    </Stack>
  );
}
