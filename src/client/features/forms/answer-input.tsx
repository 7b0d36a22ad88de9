import { offeredChoices } from '@shared/forms/choice-filter';
import type { Answer } from '@shared/expressions';
import { Checkbox, Stack, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { OTHER_VALUE, hasChoices, otherKey, type QuestionDef } from '@shared/forms/questions';
import { ChoiceSelect } from '../../components/choice-select';
import { answerText } from './response-format';
import { FileInput, GeopointInput, MatrixInput, RankingInput } from './answer-input-more';
import type { EditAnswers, EditValue } from './edit-values';

export type { EditAnswers, EditValue } from './edit-values';

/** A calculate is shown, not edited: the server computes it again from the other answers on save. */
const KEPT_ON_EDIT: ReadonlyArray<QuestionDef['type']> = ['calculate'];

const INPUT_TYPE: Partial<Record<QuestionDef['type'], string>> = {
  integer: 'text',
  decimal: 'text',
  date: 'date',
  time: 'time',
  datetime: 'datetime-local',
  email: 'email',
  phone: 'tel',
};

/**
 * One question's input in the response edit form (Mantine inputs). `cellLabel` is a repeat's cell:
 * a name for assistive tech only ("Member 2: Age"), no visible label line above the input (the
 * column header shows the question): `aria-label` on a single input, a hidden legend on a group.
 */
export function AnswerInput({
  q,
  answers,
  error,
  otherError,
  onChange,
  cellLabel,
  responseId,
}: {
  q: QuestionDef;
  answers: EditAnswers;
  error?: string;
  otherError?: string;
  onChange: (key: string, value: EditValue) => void;
  cellLabel?: string;
  responseId: string;
}) {
  const label = cellLabel ? <VisuallyHidden>{cellLabel}</VisuallyHidden> : `${q.label} (${q.key})`;
  // a single input in a cell: named by aria-label, so no empty label line pushes it down
  const single = cellLabel ? { 'aria-label': cellLabel } : { label };
  if (KEPT_ON_EDIT.includes(q.type) || q.readOnly)
    return (
      <TextInput
        {...single}
        value={answerText(q, answers[q.key]) || '—'}
        readOnly
        description={
          q.readOnly
            ? 'Read-only in the form: it keeps its default.'
            : 'Computed again from the other answers when you save.'
        }
      />
    );
  const more = {
    q,
    label,
    error,
    value: answers[q.key],
    set: (v: EditValue) => onChange(q.key, v),
  };
  if (q.type === 'matrix') return <MatrixInput {...more} />;
  if (q.type === 'ranking') return <RankingInput {...more} />;
  if (q.type === 'geopoint') return <GeopointInput {...more} />;
  if (q.type === 'file') return <FileInput {...more} responseId={responseId} />;
  const value = (answers[q.key] ?? (q.type === 'multiple_choice' ? [] : '')) as
    string | string[] | boolean;
  const choices = [
    // a filtered question offers the choices its filter keeps for the other answers, as the form does
    ...(q.choiceFilter ? offeredChoices(q, answers as Record<string, Answer>) : q.choices).map(
      (c) => ({ value: c.value, label: c.label }),
    ),
    ...(q.allowOther ? [{ value: OTHER_VALUE, label: 'Other' }] : []),
  ];
  const chose = Array.isArray(value) ? value.includes(OTHER_VALUE) : value === OTHER_VALUE;
  const other =
    q.allowOther && chose ? (
      <TextInput
        label={cellLabel ? undefined : `${q.label} (${q.key}): other, specify`}
        aria-label={cellLabel ? `${cellLabel}: other, specify` : undefined}
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
          {...single}
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
        {...single}
        autosize
        minRows={2}
        value={String(value)}
        error={error}
        onChange={(e) => onChange(q.key, e.currentTarget.value)}
      />
    );
  return (
    <TextInput
      {...single}
      type={INPUT_TYPE[q.type] ?? 'text'}
      inputMode={q.type === 'integer' || q.type === 'decimal' ? 'decimal' : undefined}
      value={String(value)}
      error={error}
      onChange={(e) => onChange(q.key, e.currentTarget.value)}
    />
  );
}
