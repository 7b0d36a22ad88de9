import { Link } from '@inertiajs/react';
import { Anchor, Badge, Blockquote, Group, List, Paper, Stack, Text } from '@mantine/core';
import type { Citation } from '@shared/assistant/assistant';

const KIND_LABELS: Record<Citation['kind'], string> = {
  problem: 'Problem',
  element: 'Outcome',
  metric: 'Metric',
  form: 'Form',
  response: 'Response',
};

/** One message of the conversation: the question, or the answer with the records it cited. */
export function ChatMessage({
  role,
  content,
  citations,
  pending,
}: {
  role: 'user' | 'assistant';
  content: string;
  citations: Citation[];
  pending?: boolean;
}) {
  const mine = role === 'user';
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      bg={mine ? 'var(--mantine-color-blue-light)' : undefined}
      ml={mine ? 'xl' : 0}
      mr={mine ? 0 : 'xl'}
    >
      <Stack gap="xs">
        <Text size="xs" fw={600} c="dimmed">
          {mine ? 'You' : 'Chanakya'}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} aria-busy={pending || undefined}>
          {content || (pending ? 'Thinking…' : '')}
        </Text>
        {citations.length > 0 && (
          <Stack gap={4}>
            <Text size="xs" fw={600}>
              Sources
            </Text>
            <List type="ordered" size="sm" spacing={4}>
              {citations.map((c, i) => (
                <List.Item key={`${c.kind}-${c.id}-${i}`}>
                  <Group gap={6} wrap="nowrap" align="baseline">
                    <Badge size="xs" variant="light">
                      {KIND_LABELS[c.kind]}
                    </Badge>
                    <Anchor component={Link} href={c.href} size="sm">
                      {c.label}
                    </Anchor>
                  </Group>
                  {c.quote && (
                    <Blockquote p="xs" mt={4} fz="sm">
                      {c.quote}
                    </Blockquote>
                  )}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
