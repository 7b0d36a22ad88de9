import { Badge, Group, Mark, Stack, Text } from '@mantine/core';
import type { CodedAnswer } from '@shared/coding/coding.pages';
import { formatNumber } from '@shared/format/number';
import { DataTable } from '../../components/data-table';

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

/**
 * The first coded answers of the latest run, each code citing its quotes, with the classifier's
 * confidence (its posterior, 0.5 to 1) written beside the code, or that the rules applied it.
 */
export function CodedAnswers({ coded }: { coded: CodedAnswer[] }) {
  return (
    <DataTable<CodedAnswer>
      id="coded-answers"
      caption="Coded answers of the latest run"
      rows={coded}
      rowKey={(c) => c.responseId}
      plain
      minWidth={640}
      columns={[
        {
          key: 'seq',
          title: '#',
          render: (c) => `${c.seq}${c.wave ? ` · ${c.wave}` : ''}`,
        },
        {
          key: 'answers',
          title: 'Answer (quotes marked)',
          render: (c) => {
            const spans = c.codes.flatMap((x) => x.spans);
            return (
              <Stack gap={4}>
                {c.answers.map((a) => (
                  <Highlighted
                    key={a.question}
                    text={a.text}
                    spans={spans.filter((s) => s.question === a.question)}
                  />
                ))}
              </Stack>
            );
          },
        },
        {
          key: 'codes',
          title: 'Codes (filled: applied, outlined: suggested)',
          label: 'Codes',
          render: (c) => (
            <Stack gap={4}>
              {c.codes.map((x) => (
                <Group key={x.code} gap={6} wrap="nowrap">
                  <Badge
                    variant={x.status === 'applied' ? 'filled' : 'outline'}
                    color={x.status === 'applied' ? 'teal' : 'gray'}
                    title={x.spans.map((s) => `“${s.text}”`).join(', ')}
                  >
                    {x.label}
                  </Badge>
                  {/* how sure the machine was, as text (not only a tooltip) */}
                  {x.confidence !== undefined && (
                    <Text size="xs" c="dimmed" data-testid="code-confidence">
                      confidence {formatNumber(x.confidence, 2)}
                    </Text>
                  )}
                  {x.by === 'rules' && (
                    <Text size="xs" c="dimmed">
                      by the rules (too few human codes to train the classifier)
                    </Text>
                  )}
                </Group>
              ))}
            </Stack>
          ),
        },
        {
          key: 'sentiment',
          title: 'Sentiment (indicative)',
          render: (c) => (c.sentiment === null ? '—' : formatNumber(c.sentiment)),
        },
      ]}
    />
  );
}
