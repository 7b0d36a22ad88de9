import { Anchor, Blockquote, Stack, Text } from '@mantine/core';
import { Link } from '@inertiajs/react';
import { route } from '@shared/route';
import type { SummaryQuote } from '@shared/coding/kinds';

/** Summary sentences (TextRank's, or the quotes a model statement cites), each verbatim with a link to its response. */
export function SummaryQuotes({ sentences }: { sentences: SummaryQuote[] }) {
  if (sentences.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No sentence long enough to summarise (at least 3 content words).
      </Text>
    );
  return (
    <Stack gap="xs">
      {sentences.map((s) => (
        <Blockquote
          key={`${s.responseId}:${s.question}:${s.start}`}
          p="sm"
          // the cite's default 60% opacity leaves the link below 4.5:1 on the quote's background
          styles={{ cite: { opacity: 1 } }}
          cite={
            <Anchor
              component={Link}
              c="blue.9"
              href={route('responses.show', { formResponse: s.responseId })}
            >
              Response #{s.seq}
            </Anchor>
          }
        >
          “{s.text}”
        </Blockquote>
      ))}
    </Stack>
  );
}
