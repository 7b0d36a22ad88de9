import { Anchor, Badge, Mark, Text } from '@mantine/core';
import { Link } from '@inertiajs/react';
import { route } from '@shared/route';
import type { KindValueRow } from '@shared/coding/kinds.pages';
import { formatNumber } from '@shared/format/number';
import { DataTable } from '../../../components/data-table';

const SENTIMENT_COLOR = { negative: 'red', neutral: 'gray', positive: 'green' } as const;

/** An answer with the rubric's supporting sentence marked. */
function AnswerText({ row }: { row: KindValueRow }) {
  const quote = row.rubric?.quote;
  return (
    <>
      {row.answers.map((a) => {
        if (!quote || quote.question !== a.question)
          return (
            <Text key={a.question} size="sm">
              {a.text}
            </Text>
          );
        return (
          <Text key={a.question} size="sm">
            {a.text.slice(0, quote.start)}
            <Mark>{a.text.slice(quote.start, quote.end)}</Mark>
            {a.text.slice(quote.end)}
          </Text>
        );
      })}
    </>
  );
}

/** The value per response: sentiment score and label, or rubric level, similarity and quote. */
export function KindValuesTable({
  rows,
  kind,
}: {
  rows: KindValueRow[];
  kind: 'sentiment' | 'rubric';
}) {
  return (
    <DataTable<KindValueRow>
      id="kind-values"
      caption="Value per response"
      rows={rows}
      rowKey={(r) => r.responseId}
      plain
      minWidth={760}
      columns={[
        {
          key: 'seq',
          title: 'Response',
          render: (r) => (
            <Anchor component={Link} href={route('responses.show', { formResponse: r.responseId })}>
              #{r.seq}
            </Anchor>
          ),
        },
        { key: 'wave', title: 'Wave', width: 90, render: (r) => r.wave ?? '—' },
        { key: 'answer', title: 'Answer', render: (r) => <AnswerText row={r} /> },
        ...(kind === 'sentiment'
          ? [
              {
                key: 'sentiment',
                title: 'Sentiment (indicative)',
                render: (r: KindValueRow) =>
                  r.sentimentLabel ? (
                    <Badge variant="light" color={SENTIMENT_COLOR[r.sentimentLabel]}>
                      {r.sentimentLabel} {formatNumber(r.sentiment ?? 0)}
                    </Badge>
                  ) : (
                    'No answer'
                  ),
              },
            ]
          : [
              {
                key: 'level',
                title: 'Level',
                render: (r: KindValueRow) =>
                  r.rubric ? (
                    <Text size="sm">
                      <strong>{r.rubric.level}</strong> · similarity{' '}
                      {formatNumber(r.rubric.similarity)} · {r.rubric.method}
                    </Text>
                  ) : (
                    'Unscored (no word in common with the rubric)'
                  ),
              },
            ]),
      ]}
    />
  );
}
