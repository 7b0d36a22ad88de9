import { Checkbox, Stack, TextInput, Textarea } from '@mantine/core';
import { OTHER_VALUE, hasChoices, otherKey, type QuestionDef } from '@shared/forms/questions';
import { ChoiceSelect } from '../../components/choice-select';
import { answerText } from './response-format';

export type EditValue = string | string[] | boolean | Record<string, unknown>;
export type EditAnswers = Record<string, EditValue>;

/** A stored answer as the edit form holds it (numbers as text, yes/no as its value, objects kept). */
export const toEditValue = (v: unknown): EditValue =>
  Array.isArray(v)
    ? v.map(String)
    : typeof v === 'boolean'
      ? v
      : v == null
        ? ''
        : typeof v === 'object'
          ? (v as Record<string, unknown>)
          : String(v);

/**
 * Answers the edit form keeps as they are (shown, not edited here): a matrix, a ranking, a
 * location, a file (replaced only by the respondent), and a calculate (the server recomputes it
 * on save).
 */
const KEPT_ON_EDIT: ReadonlyArray<QuestionDef['type']> = [
  'matrix',
  'ranking',
  'geopoint',
  'calculate',
  'file',
];

const INPUT_TYPE: Partial<Record<QuestionDef['type'], string>> = {
  integer: 'text',
  decimal: 'text',
  date: 'date',
  time: 'time',
  datetime: 'datetime-local',
  email: 'email',
  phone: 'tel',
};

/** One question's input in the response edit form (the types of this slice; Mantine inputs). */
export function AnswerInput({
  q,
  answers,
  error,
  otherError,
  onChange,
}: {
  q: QuestionDef;
  answers: EditAnswers;
  error?: string;
  otherError?: string;
  onChange: (key: string, value: EditValue) => void;
}) {
  if (KEPT_ON_EDIT.includes(q.type))
    return (
      <TextInput
        label={`${q.label} (${q.key})`}
        value={answerText(q, answers[q.key]) || '—'}
        readOnly
        description={
          q.type === 'calculate'
            ? 'Computed again from the other answers when you save.'
            : 'Kept as answered (not editable here).'
        }
      />
    );
  const value = (answers[q.key] ?? (q.type === 'multiple_choice' ? [] : '')) as
    string | string[] | boolean;
  const label = `${q.label} (${q.key})`;
  const choices = [
    ...q.choices.map((c) => ({ value: c.value, label: c.label })),
    ...(q.allowOther ? [{ value: OTHER_VALUE, label: 'Other' }] : []),
  ];
  const chose = Array.isArray(value) ? value.includes(OTHER_VALUE) : value === OTHER_VALUE;
  const other =
    q.allowOther && chose ? (
      <TextInput
        label={`${q.label}: other, specify`}
        value={String(answers[otherKey(q.key)] ?? '')}
        error={otherError}
        onChange={(e) => onChange(otherKey(q.key), e.currentTarget.value)}
      />
    ) : null;
  if (q.type === 'multiple_choice')
    return (
      <Stack gap={4}>
        <Checkbox.Group
          label={label}
          value={Array.isArray(value) ? value : []}
          onChange={(v) => onChange(q.key, v)}
          error={error}
        >
          <Stack gap={4} mt={4}>
            {choices.map((c) => (
              <Checkbox key={c.value} value={c.value} label={c.label} />
            ))}
          </Stack>
        </Checkbox.Group>
        {other}
      </Stack>
    );
  if (hasChoices(q.type) || q.type === 'yes_no' || q.type === 'rating' || q.type === 'nps') {
    const data =
      q.type === 'yes_no'
        ? [
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]
        : q.type === 'rating' || q.type === 'nps'
          ? Array.from({ length: q.type === 'nps' ? 11 : (q.scale ?? 5) }, (_, i) => {
              const n = String(q.type === 'nps' ? i : i + 1);
              return { value: n, label: n };
            })
          : choices;
    return (
      <Stack gap={4}>
        <ChoiceSelect
          label={label}
          data={data}
          value={typeof value === 'string' && value !== '' ? value : null}
          noneLabel="Not answered"
          onChange={(v) => onChange(q.key, v)}
          error={error}
        />
        {other}
      </Stack>
    );
  }
  if (q.type === 'acknowledge')
    return (
      <Checkbox
        label={label}
        checked={value === true}
        onChange={(e) => onChange(q.key, e.currentTarget.checked)}
        error={error}
      />
    );
  if (q.type === 'long_text')
    return (
      <Textarea
        label={label}
        autosize
        minRows={2}
        value={String(value)}
        error={error}
        onChange={(e) => onChange(q.key, e.currentTarget.value)}
      />
    );
  return (
    <TextInput
      label={label}
      type={INPUT_TYPE[q.type] ?? 'text'}
      inputMode={q.type === 'integer' || q.type === 'decimal' ? 'decimal' : undefined}
      value={String(value)}
      error={error}
      onChange={(e) => onChange(q.key, e.currentTarget.value)}
    />
  );
}
