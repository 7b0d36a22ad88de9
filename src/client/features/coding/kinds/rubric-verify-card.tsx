import { useState } from 'react';
import { router } from '@inertiajs/react';
import { Blockquote, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { ChoiceSelect } from '../../../components/choice-select';
import { route } from '@shared/route';
import type { IntelligentColumnKindProps } from '@shared/coding/kinds.pages';

type Rubric = NonNullable<IntelligentColumnKindProps['rubric']>;

/**
 * Blind human scoring of the sample (double coding): the person reads the answer and gives a level
 * without seeing the machine's, which the server leaves out of the page until then. After the
 * decision the card shows the machine's level beside theirs, and agreement uses the scored sample.
 */
export function RubricVerifyCard({
  columnId,
  rubric,
  canUpdate,
  error,
}: {
  columnId: string;
  rubric: Rubric;
  canUpdate: boolean;
  error?: string;
}) {
  const { queue, levels } = rubric;
  const next = queue.next;
  const [level, setLevel] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = (l: number) =>
    router.post(
      route('intelligent-columns.rubric-verify', { column: columnId }),
      { responseId: next!.responseId, level: l },
      {
        preserveScroll: true,
        onStart: () => setBusy(true),
        onFinish: () => setBusy(false),
        onSuccess: () => setLevel(null),
      },
    );
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Verification: blind scoring
        </Title>
        <Group gap="xs">
          <Progress
            value={queue.size ? (100 * queue.verified) / queue.size : 0}
            w={200}
            aria-label="Scored share of the sample"
          />
          <Text size="sm">
            {queue.verified} of {queue.size} sampled answers scored by people
          </Text>
        </Group>
        {queue.last && (
          <Text size="sm" role="status">
            Response #{queue.last.seq}: you scored level {queue.last.human};{' '}
            {queue.last.machine === null
              ? 'the machine had not scored it.'
              : queue.last.machine === queue.last.human
                ? `the machine agreed (level ${queue.last.machine}).`
                : `the machine scored level ${queue.last.machine}.`}
            {queue.last.machine !== null && queue.last.quote
              ? ` It cited “${queue.last.quote.text}”`
              : ''}
          </Text>
        )}
        {!next ? (
          <Text size="sm" c="dimmed">
            {queue.size === 0
              ? 'No responses yet: the sample is drawn from the form’s responses.'
              : 'The whole sample is scored. Agreement above uses all of it.'}
          </Text>
        ) : (
          <Stack gap="sm">
            <Text size="sm">Response #{next.seq}: which level fits?</Text>
            {next.answers.map((a) => (
              <Blockquote key={a.question} p="sm" cite={a.label}>
                {a.text}
              </Blockquote>
            ))}
            <Text size="sm" c="dimmed">
              Score it against the rubric; the machine’s level is hidden until you have.
            </Text>
            {canUpdate && (
              <Group align="flex-end" gap="sm">
                <ChoiceSelect
                  label="Your level"
                  placeholder="Level"
                  w={220}
                  data={levels.map((l) => ({
                    value: String(l.level),
                    label: `${l.level}: ${l.descriptor.slice(0, 40)}`,
                  }))}
                  value={level}
                  onChange={(v) => setLevel(v || null)}
                  error={error}
                />
                <Button
                  variant="light"
                  disabled={!level}
                  loading={busy}
                  onClick={() => send(Number(level))}
                >
                  Save score
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
