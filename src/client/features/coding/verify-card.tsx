import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import {
  Blockquote,
  Button,
  Card,
  Checkbox,
  Group,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { route } from '@shared/route';
import { verificationSchema, type CodeDef } from '@shared/coding/coding';
import { passesCheck } from '../../lib/form-check';
import type { IntelligentColumnProps } from '@shared/coding/coding.pages';

/**
 * Blind verification: the person reads the answer and ticks the codes that apply, without seeing
 * the machine's; agreement is computed afterwards.
 */
export function VerifyCard({
  columnId,
  queue,
  codes,
  canUpdate,
}: {
  columnId: string;
  queue: IntelligentColumnProps['queue'];
  codes: CodeDef[];
  canUpdate: boolean;
}) {
  const next = queue.next;
  const form = useForm({ responseId: next?.responseId ?? '', codes: [] as string[] });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, verificationSchema, { ...form.data, responseId: next!.responseId }))
      return;
    form.transform((d) => ({ ...d, responseId: next!.responseId }));
    form.post(route('intelligent-columns.verify', { column: columnId }), {
      preserveScroll: true,
      onSuccess: () => form.reset('codes'),
    });
  };
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Verification (blind)
        </Title>
        <Group gap="xs">
          <Progress
            value={queue.size ? (100 * queue.verified) / queue.size : 0}
            w={200}
            aria-label="Verified share of the sample"
          />
          <Text size="sm">
            {queue.verified} of {queue.size} sampled answers coded by people
          </Text>
        </Group>
        {!next ? (
          <Text size="sm" c="dimmed">
            {queue.size === 0
              ? 'No responses yet: the sample is drawn from the form’s responses.'
              : 'The whole sample is coded. Agreement above uses all of it.'}
          </Text>
        ) : (
          <form noValidate onSubmit={submit}>
            <Stack gap="sm">
              <Text size="sm">
                Response #{next.seq}: which codes apply? The machine’s codes are hidden.
              </Text>
              {next.answers.map((a) => (
                <Blockquote key={a.question} p="sm" cite={a.label}>
                  {a.text}
                </Blockquote>
              ))}
              <Checkbox.Group
                label="Codes that apply"
                value={form.data.codes}
                onChange={(v) => form.setData('codes', v)}
                error={(form.errors as Record<string, string | undefined>).codes}
              >
                <Group gap="md" mt={6}>
                  {codes.map((c) => (
                    <Checkbox key={c.key} value={c.key} label={c.label} disabled={!canUpdate} />
                  ))}
                </Group>
              </Checkbox.Group>
              {canUpdate && (
                <Group justify="flex-end">
                  <Button type="submit" loading={form.processing}>
                    Save and next
                  </Button>
                </Group>
              )}
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
