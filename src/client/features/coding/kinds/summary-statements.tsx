import { Divider, Stack, Text, Title } from '@mantine/core';
import type { ColumnSummary, SummaryMerge, SummaryStatement } from '@shared/coding/kinds';
import { plural } from '@shared/format/plural';
import { SummaryQuotes } from './summary-quotes';

/**
 * A summary the model wrote: its statements, each with the quotes it cites (verbatim, checked
 * against the answers; a statement that failed the check was refused and is listed on the run),
 * then one part per wave (in the form's order) when the form has waves. Statements of several
 * batches (or waves) were merged by more requests (in rounds when there were many); when that
 * failed or was refused they are listed, and it says why.
 */
export function SummaryStatements({ summary }: { summary: ColumnSummary }) {
  const waves = summary.byWave.filter((w) => w.statements);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Summary of all answers
      </Title>
      <Text size="sm" c="dimmed">
        Written by the model ({summary.model}): each statement cites the answers it rests on, quoted
        as written and checked word for word. It is the model’s reading, not a count.
      </Text>
      <MergeNote merge={summary.merge} />
      <Statements statements={summary.statements ?? []} />
      {waves.map((w) => (
        <Stack key={w.wave} gap="xs" mt="md">
          <Divider />
          <Title order={3} size="h4">
            Wave {w.wave} ({plural(w.responses, 'response')})
          </Title>
          <MergeNote merge={w.merge} />
          <Statements statements={w.statements ?? []} />
        </Stack>
      ))}
    </Stack>
  );
}

function Statements({ statements }: { statements: SummaryStatement[] }) {
  if (statements.length === 0)
    return (
      <Text size="sm" c="dimmed">
        The model gave no statement that passed the check: see the refusals under the run, or run
        again.
      </Text>
    );
  return statements.map((s, i) => (
    <Stack key={i} gap={6}>
      <Text fw={600}>{s.text}</Text>
      <SummaryQuotes sentences={s.quotes} />
    </Stack>
  ));
}

/** How several batches' (or waves') statements became this summary, when they did. */
function MergeNote({ merge }: { merge?: SummaryMerge }) {
  if (!merge) return null;
  const parts =
    merge.of === 'waves' ? plural(merge.parts, 'wave') : plural(merge.parts, 'batch', 'batches');
  if (merge.merged)
    return (
      <Text size="sm" c="dimmed">
        {merge.rounds
          ? `Merged in ${merge.rounds} rounds of requests (the merges of a few parts at a time merged again)`
          : 'Merged by one more request'}{' '}
        from the statements of {parts} of answers; each merged statement keeps quotes its parts
        cited.
      </Text>
    );
  return (
    <Text size="sm" c="var(--pw-warning-text)" data-testid="summary-not-merged">
      Not merged: {merge.reason} The statements of the {parts} are listed one{' '}
      {merge.of === 'waves' ? 'wave' : 'batch'} after another and may repeat each other. Run again
      to try the merge again.
    </Text>
  );
}
