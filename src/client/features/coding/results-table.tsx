import { Badge, Table, Text } from '@mantine/core';
import type { IntelligentColumnProps, RunDiff } from '@shared/coding/coding.pages';

/** Responses with each code, per wave (applied codes only; suggested ones shown apart). */
export function ResultsTable({ results }: { results: IntelligentColumnProps['results'] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Code</Table.Th>
            {results.waves.map((w) => (
              <Table.Th key={w.wave}>
                {w.wave} ({w.responses})
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.codes.map((c) => (
            <Table.Tr key={c.code}>
              <Table.Td>
                {c.label}{' '}
                {c.status === 'suggested' && (
                  <Badge size="xs" variant="outline" color="gray">
                    suggested
                  </Badge>
                )}
              </Table.Td>
              {c.byWave.map((w) => (
                <Table.Td key={w.wave}>
                  {c.status === 'applied'
                    ? `${w.count} (${w.percent}%)`
                    : `not counted (${w.suggested} suggested)`}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
      {changed.map((c) => (
        <div key={c.code}>
          <Text size="sm" fw={600}>
            {c.label}: +{c.gainedCount} gained, −{c.lostCount} lost
          </Text>
          {c.gained.map((q) => (
            <Text key={`g${q.responseId}`} size="xs" c="teal.8">
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
