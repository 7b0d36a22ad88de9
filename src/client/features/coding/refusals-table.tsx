import { Text } from '@mantine/core';
import type { RunRefusal } from '@shared/coding/coding.pages';
import { plural } from '@shared/format/plural';
import { DataTable } from '../../components/data-table';

/**
 * What the model said in a run that was refused and not applied: a code without a verbatim quote of
 * the answer, a code not in the codebook, an answer it was not given, a reply that was not JSON; for a
 * summary, a statement whose quote is not verbatim in the answer it cites, or a merged statement
 * citing a quote it was not given (a refused merge: "the merge").
 */
export function RefusalsTable({
  refusals,
  summary = false,
}: {
  refusals: RunRefusal[];
  /** a summary run's: statements refused, no codes */
  summary?: boolean;
}) {
  return (
    <>
      <DataTable<RunRefusal & { i: number }>
        id="coding-refusals"
        caption="What the model said that was refused (not applied)"
        rows={refusals.map((r, i) => ({ ...r, i }))}
        rowKey={(r) => String(r.i)}
        plain
        minWidth={640}
        columns={[
          {
            key: 'seq',
            title: 'Response',
            render: (r) => (r.seq !== null ? `#${r.seq}` : r.merge ? 'the merge' : 'a whole batch'),
          },
          ...(summary
            ? []
            : [{ key: 'code', title: 'Code', render: (r: RunRefusal) => r.code ?? '—' }]),
          { key: 'quote', title: 'Quote given', render: (r) => r.quote ?? '—' },
          { key: 'reason', title: 'Why refused' },
        ]}
      />
      <Text size="xs" c="dimmed" mt={4}>
        {plural(refusals.length, 'refusal')}.{' '}
        {summary
          ? 'A refused statement is not in the summary: read the answers it cites, or run the column again.'
          : 'An answer keeps none of the codes refused for it: verify it by hand, or run the column again.'}
      </Text>
    </>
  );
}
