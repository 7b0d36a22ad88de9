import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Button,
  FileButton,
  Fieldset,
  Group,
  Input,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { QuestionDef } from '@shared/forms/questions';
import { route } from '@shared/route';
import {
  FILE_KIND_LABELS,
  MB,
  acceptOf,
  fileSettings,
  formatSize,
  tooLargeMessage,
  wrongTypeMessage,
} from '@shared/forms/files';
import { http } from '../../lib/http';
import type { EditValue } from './answer-input';
import { FileAnswerView, asFileAnswer } from './file-answer';

interface Props {
  q: QuestionDef;
  label: ReactNode;
  error?: string;
  value: EditValue | undefined;
  set: (value: EditValue) => void;
}

const asRecord = (v: EditValue | undefined): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : {};

/** A group of inputs answering one question: a fieldset named by its legend, the error under it. */
export function FieldGroup({
  label,
  error,
  children,
}: {
  label: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Fieldset
      variant="unstyled"
      legend={label}
      p={0}
      aria-invalid={error ? true : undefined}
      // the legend reads as the question's label, as a single input's label does
      styles={{
        legend: {
          padding: 0,
          fontSize: 'var(--mantine-font-size-sm)',
          fontWeight: 'var(--mantine-font-weight-medium)',
        },
      }}
    >
      {children}
      {error && <Input.Error mt={4}>{error}</Input.Error>}
    </Fieldset>
  );
}

/** A matrix in the edit form: one radio group per row on the question's scale (a row may be cleared). */
export function MatrixInput({ q, label, error, value, set }: Props) {
  const answer = asRecord(value);
  return (
    <FieldGroup label={label} error={error}>
      <Stack gap={6} mt={4}>
        {(q.rows ?? []).map((r) => (
          <Radio.Group
            key={r.value}
            label={r.label}
            // a row under the question's legend: lighter than the legend
            styles={{ label: { fontWeight: 400 } }}
            value={typeof answer[r.value] === 'string' ? (answer[r.value] as string) : ''}
            onChange={(v) => set({ ...answer, [r.value]: v })}
          >
            <Group gap="md" mt={2}>
              {q.choices.map((c) => (
                <Radio key={c.value} value={c.value} label={c.label} />
              ))}
              {answer[r.value] !== undefined && answer[r.value] !== '' && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => set({ ...answer, [r.value]: '' })}
                  aria-label={`Clear row “${r.label}”`}
                >
                  Clear
                </Button>
              )}
            </Group>
          </Radio.Group>
        ))}
      </Stack>
    </FieldGroup>
  );
}

/** A ranking in the edit form: the choices in order, each moved with Move up / Move down, as on the public form. */
export function RankingInput({ q, label, error, value, set }: Props) {
  const labels = new Map(q.choices.map((c) => [c.value, c.label]));
  const order =
    Array.isArray(value) && value.length && value.every((v) => typeof v === 'string')
      ? (value as string[])
      : q.choices.map((c) => c.value);
  const [moved, setMoved] = useState('');
  const move = (from: number, to: number) => {
    const next = [...order];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    set(next);
    setMoved(`${labels.get(item) ?? item} is now number ${to + 1} of ${next.length}.`);
  };
  return (
    <FieldGroup label={label} error={error}>
      <Stack component="ol" gap={4} mt={4} pl={20}>
        {order.map((v, i) => (
          <Group component="li" key={v} gap="xs" wrap="nowrap">
            <Text size="sm" style={{ flex: 1 }}>
              {labels.get(v) ?? v}
            </Text>
            <ActionIcon
              variant="light"
              disabled={i === 0}
              aria-label={`Move “${labels.get(v) ?? v}” up`}
              onClick={() => move(i, i - 1)}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="light"
              disabled={i === order.length - 1}
              aria-label={`Move “${labels.get(v) ?? v}” down`}
              onClick={() => move(i, i + 1)}
            >
              ↓
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      {!Array.isArray(value) || !value.length ? (
        <Button size="compact-sm" variant="light" mt={4} onClick={() => set(order)}>
          Keep this order
        </Button>
      ) : null}
      <Text size="xs" c="dimmed" aria-live="polite">
        {moved}
      </Text>
    </FieldGroup>
  );
}

const GEO_FIELDS = [
  ['lat', 'Latitude', 'e.g. -1.2921'],
  ['lon', 'Longitude', 'e.g. 36.8219'],
  ['accuracy', 'Accuracy in metres (optional)', ''],
] as const;

/** A location in the edit form: latitude, longitude and accuracy typed (checked on save, as on submit). */
export function GeopointInput({ label, error, value, set }: Props) {
  const answer = asRecord(value);
  return (
    <FieldGroup label={label} error={error}>
      <Group gap="sm" mt={4} align="flex-start">
        {GEO_FIELDS.map(([f, name, example]) => (
          <TextInput
            key={f}
            label={name}
            inputMode="decimal"
            placeholder={example || undefined}
            value={answer[f] == null ? '' : String(answer[f])}
            error={!!error}
            onChange={(e) => set({ ...answer, [f]: e.currentTarget.value })}
          />
        ))}
      </Group>
    </FieldGroup>
  );
}

/**
 * A file in the edit form: the respondent's file kept, replaced by another (uploaded at once with
 * the public form's size and type checks, attached when the edit is saved) or removed (the old
 * file's bytes stay with the response's history). A removed file can be put back until saved.
 */
export function FileInput({
  q,
  label,
  error,
  value,
  set,
  responseId,
}: Props & { responseId: string }) {
  const file = asFileAnswer(value);
  const settings = fileSettings(q);
  const [previous] = useState<EditValue | undefined>(value);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const upload = async (chosen: File | null) => {
    if (!chosen) return;
    setProblem(null);
    if (!(settings.types as readonly string[]).includes(chosen.type))
      return setProblem(wrongTypeMessage(settings));
    if (chosen.size > settings.maxMb * MB) return setProblem(tooLargeMessage(settings));
    setUploading(true);
    try {
      const body = new FormData();
      body.append('file', chosen, chosen.name);
      const url = route('responses.files.store', { formResponse: responseId, question: q.key });
      const res = await http(url, { method: 'POST', body });
      const answer = (await res.json().catch(() => null)) as {
        errors?: Record<string, string>;
        detail?: string;
      } | null;
      if (res.status !== 201)
        setProblem(
          Object.values(answer?.errors ?? {})[0] ??
            answer?.detail ??
            'The file was not uploaded: try again.',
        );
      else set(answer as Record<string, unknown>);
    } catch {
      setProblem('The file could not be uploaded: check your connection and try again.');
    } finally {
      setUploading(false);
    }
  };
  const replaced = file && asFileAnswer(previous)?.fileId !== file.fileId;
  return (
    <FieldGroup label={label} error={problem ?? error}>
      <Group gap="sm" mt={4}>
        {file ? (
          replaced ? (
            <Text size="sm">
              New file: {file.name} ({formatSize(file.size)}), attached when you save.
            </Text>
          ) : (
            <FileAnswerView responseId={responseId} file={file} thumb={48} />
          )
        ) : (
          <Text size="sm" c="dimmed">
            No file.
          </Text>
        )}
        <FileButton onChange={(f) => void upload(f)} accept={acceptOf(settings)}>
          {(props) => (
            <Button {...props} size="compact-sm" variant="light" loading={uploading}>
              {file ? 'Replace file' : 'Upload a file'}
            </Button>
          )}
        </FileButton>
        {file && (
          <Button size="compact-sm" variant="light" color="red" onClick={() => set('')}>
            Remove file
          </Button>
        )}
        {asFileAnswer(previous) && (!file || replaced) && (
          <Button size="compact-sm" variant="subtle" onClick={() => set(previous!)}>
            Keep the original file
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {FILE_KIND_LABELS[settings.kinds]}, at most {settings.maxMb} MB.
      </Text>
    </FieldGroup>
  );
}
