import { Badge, Group, Mark, Stack, Table, Text } from '@mantine/core';
import type { CodedAnswer } from '@shared/coding/coding.pages';
import { formatNumber } from '@shared/format/number';

/** The answer's text with the quoted spans marked. */
function Highlighted({
  text,
  spans,
}: {
  text: string;
  spans: Array<{ start: number; end: number }>;
}) {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const parts: React.ReactNode[] = [];
  let at = 0;
  sorted.forEach((s, i) => {
    if (s.start < at) return;
    parts.push(text.slice(at, s.start), <Mark key={i}>{text.slice(s.start, s.end)}</Mark>);
    at = s.end;
  });
  parts.push(text.slice(at));
  return <Text size="sm">{parts}</Text>;
}

/** The first coded answers of the latest run, each code citing its quotes. */
export function CodedAnswers({ coded }: { coded: CodedAnswer[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Answer (quotes marked)</Table.Th>
            <Table.Th>Codes (filled: applied, outlined: suggested)</Table.Th>
            <Table.Th>Sentiment (indicative)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {coded.map((c) => {
            const spans = c.codes.flatMap((x) => x.spans);
            return (
              <Table.Tr key={c.responseId}>
                <Table.Td>
                  {c.seq}
                  {c.wave ? ` · ${c.wave}` : ''}
                </Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    {c.answers.map((a) => (
                      <Highlighted
                        key={a.question}
                        text={a.text}
                        spans={spans.filter((s) => s.question === a.question)}
                      />
                    ))}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {c.codes.map((x) => (
                      <Badge
                        key={x.code}
                        variant={x.status === 'applied' ? 'filled' : 'outline'}
                        color={x.status === 'applied' ? 'teal' : 'gray'}
                        title={x.spans.map((s) => `“${s.text}”`).join(', ')}
                      >
                        {x.label}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{c.sentiment === null ? '—' : formatNumber(c.sentiment)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
