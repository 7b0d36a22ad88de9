import { useState } from 'react';
import { router } from '@inertiajs/react';
import { Blockquote, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { ChoiceSelect } from '../../../components/choice-select';
import { route } from '@shared/route';
import type { IntelligentColumnKindProps } from '@shared/coding/kinds.pages';

type Rubric = NonNullable<IntelligentColumnKindProps['rubric']>;

/**
 * Human scoring of the sample: the person reads the answer and the machine's level with its
 * quote, then accepts it or gives another level. Agreement is computed on the scored sample.
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
          Verification: accept or rescore
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
        {!next ? (
          <Text size="sm" c="dimmed">
            {queue.size === 0
              ? 'No responses yet: the sample is drawn from the form’s responses.'
              : 'The whole sample is scored. Agreement above uses all of it.'}
          </Text>
        ) : (
          <Stack gap="sm">
            <Text size="sm">Response #{next.seq}</Text>
            {next.answers.map((a) => (
              <Blockquote key={a.question} p="sm" cite={a.label}>
                {a.text}
              </Blockquote>
            ))}
            <Text size="sm">
              {next.machine
                ? `Machine: level ${next.machine.level}${next.machine.quote ? `, citing “${next.machine.quote.text}”` : ''}.`
                : 'The machine has not scored this answer (run the column, or it shares no word with the rubric).'}
            </Text>
            {canUpdate && (
              <Group align="flex-end" gap="sm">
                {next.machine && (
                  <Button loading={busy} onClick={() => send(next.machine!.level)}>
                    Accept level {next.machine.level}
                  </Button>
                )}
                <ChoiceSelect
                  label="Rescore"
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
