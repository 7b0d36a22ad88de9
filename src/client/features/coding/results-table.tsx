import { Badge, Text } from '@mantine/core';
import type { IntelligentColumnProps, RunDiff } from '@shared/coding/coding.pages';
import { agree, plural } from '@shared/format/plural';
import { DataTable } from '../../components/data-table';

/** Responses with each code, per wave (applied codes only; suggested ones shown apart). */
export function ResultsTable({ results }: { results: IntelligentColumnProps['results'] }) {
  type Row = IntelligentColumnProps['results']['codes'][number];
  return (
    <DataTable<Row>
      id="coding-results"
      caption="Responses with each code, per wave"
      rows={results.codes}
      rowKey={(c) => c.code}
      plain
      minWidth={560}
      columns={[
        {
          key: 'label',
          title: 'Code',
          render: (c) => (
            <>
              {c.label}{' '}
              {c.status === 'suggested' && (
                <Badge size="xs" variant="outline" color="gray">
                  suggested
                </Badge>
              )}
            </>
          ),
        },
        ...results.waves.map((w) => ({
          key: `wave:${w.wave}`,
          title: `${w.wave} (${w.responses})`,
          render: (c: Row) => {
            const cell = c.byWave.find((b) => b.wave === w.wave);
            if (!cell) return '—';
            return c.status === 'applied'
              ? `${cell.count} (${cell.percent}%)`
              : `not counted (${cell.suggested} suggested)`;
          },
        })),
      ]}
    />
  );
}

/** What the last re-run changed: per code, the responses that gained and lost it. */
export function DiffList({ diff }: { diff: RunDiff }) {
  const changed = diff.codes.filter((c) => c.gainedCount + c.lostCount > 0);
  return (
    <>
      <Text size="sm">
        Codebook version {diff.previousCodebookVersion} → {diff.codebookVersion}
        {changed.length === 0 ? ': no response gained or lost a code.' : ':'}
      </Text>
      {!!diff.hidden && (
        <Text size="xs" c="dimmed">
          {plural(diff.hidden, 'change')} of sampled answers not quoted until people code{' '}
          {agree(diff.hidden, 'it', 'them')} (blind verification).
        </Text>
      )}
      {changed.map((c) => (
        <div key={c.code}>
          <Text size="sm" fw={600}>
            {c.label}: +{c.gainedCount} gained, −{c.lostCount} lost
          </Text>
          {c.gained.map((q) => (
            <Text key={`g${q.responseId}`} size="xs" c="teal.9">
              + #{q.seq} {q.text}
            </Text>
          ))}
          {c.lost.map((q) => (
            <Text key={`l${q.responseId}`} size="xs" c="red.8">
              − #{q.seq} {q.text}
            </Text>
          ))}
        </div>
      ))}
    </>
  );
}
