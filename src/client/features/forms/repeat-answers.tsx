import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { fixedRepeatCount, repeatBounds } from '@shared/forms/answers';
import {
  isDisplayOnly,
  itemNoun,
  otherKey,
  repeatPath,
  type QuestionDef,
} from '@shared/forms/questions';
import { isInstance, parse, type Answer } from '@shared/expressions';
import { plural } from '@shared/format/plural';
import { DataTable } from '../../components/data-table';
import { FieldGroup } from './answer-input-more';
import { AnswerInput, type EditAnswers, type EditValue } from './answer-input';
import { FileAnswerView, asFileAnswer } from './file-answer';
import { answerText, showAnswer } from './response-format';

type Instance = Record<string, unknown>;
type Row = { index: number; answers: Instance };

const instancesOf = (v: unknown): Instance[] => (Array.isArray(v) ? v.filter(isInstance) : []);
const asked = (q: QuestionDef) => (q.questions ?? []).filter((c) => !isDisplayOnly(c.type));
const Title = (q: QuestionDef) => {
  const noun = itemNoun(q);
  return noun.charAt(0).toUpperCase() + noun.slice(1);
};

/** One answer of an instance as the response page shows it (a file with its download). */
function Cell({ q, inst, responseId }: { q: QuestionDef; inst: Instance; responseId: string }) {
  const file = asFileAnswer(inst[q.key]);
  if (file) return <FileAnswerView responseId={responseId} file={file} thumb={48} />;
  const other = inst[otherKey(q.key)];
  return `${answerText(q, inst[q.key]) || '—'}${other !== undefined ? ` (${showAnswer(other)})` : ''}`;
}

/** A repeat group's answer on the response page: a table, one row per instance, one column per question. */
export function RepeatAnswers({
  q,
  value,
  responseId,
}: {
  q: QuestionDef;
  value: unknown;
  responseId: string;
}) {
  const rows: Row[] = instancesOf(value).map((answers, i) => ({ index: i + 1, answers }));
  if (!rows.length) return `No ${itemNoun(q)} given.`;
  return (
    <DataTable<Row>
      id={`response-repeat-${q.key}`}
      caption={`${q.label}: one row per ${itemNoun(q)}`}
      rows={rows}
      rowKey={(r) => r.index}
      plain
      minWidth={200}
      columns={[
        { key: 'index', title: Title(q), render: (r) => String(r.index) },
        ...asked(q).map((c) => ({
          key: c.key,
          title: c.label,
          render: (r: Row) => <Cell q={c} inst={r.answers} responseId={responseId} />,
        })),
      ]}
    />
  );
}

const countAst = (text: string | null | undefined) => {
  const r = text?.trim() ? parse(text) : null;
  return r?.ok ? r.ast : null;
};

/**
 * A repeat group in the edit form: a table of its instances (one row each, a cell per question,
 * errors on the cell by path: `members[2].age`), "Add member" and "Remove member 2" within the
 * repeat's min..max (a repeat count fixes the number: no adding or removing).
 */
export function RepeatInput({
  q,
  answers,
  errors,
  onChange,
  responseId,
}: {
  q: QuestionDef;
  answers: EditAnswers;
  errors: Record<string, string>;
  onChange: (key: string, value: EditValue) => void;
  responseId: string;
}) {
  const list_ = instancesOf(answers[q.key]) as EditAnswers[];
  const noun = itemNoun(q);
  const { min, max } = repeatBounds(q);
  const fixed = fixedRepeatCount(q, countAst(q.repeatCount), answers as Record<string, Answer>);
  const update = (next: EditAnswers[]) => onChange(q.key, next);
  const rows: Row[] = list_.map((a, i) => ({ index: i + 1, answers: a }));
  const setIn = (i: number, key: string, v: EditValue) =>
    update(list_.map((x, j) => (j === i ? { ...x, [key]: v } : x)));
  const canRemove = fixed === null && list_.length > min;
  return (
    <FieldGroup label={`${q.label} (${q.key})`} error={errors[q.key]}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" my={4}>
          No {noun} given: add one below.
        </Text>
      ) : (
        <DataTable<Row>
          id={`response-repeat-edit-${q.key}`}
          caption={`${q.label}: edit each ${noun}`}
          rows={rows}
          rowKey={(r) => r.index}
          plain
          minWidth={480}
          columns={[
            { key: 'index', title: Title(q), render: (r) => String(r.index) },
            ...asked(q).map((c) => ({
              key: c.key,
              title: c.label,
              render: (r: Row) => (
                <AnswerInput
                  q={c}
                  answers={r.answers as EditAnswers}
                  cellLabel={`${Title(q)} ${r.index}: ${c.label}`}
                  error={errors[repeatPath(q.key, r.index - 1, c.key)]}
                  otherError={errors[repeatPath(q.key, r.index - 1, otherKey(c.key))]}
                  onChange={(k, v) => setIn(r.index - 1, k, v)}
                  responseId={responseId}
                />
              ),
            })),
            ...(canRemove
              ? [
                  {
                    key: 'remove',
                    title: <VisuallyHidden>Remove</VisuallyHidden>,
                    label: 'Remove',
                    render: (r: Row) => (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => update(list_.filter((_, j) => j !== r.index - 1))}
                      >
                        Remove {noun} {r.index}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <Group gap="sm" mt={4}>
        {fixed === null && list_.length < max && (
          <Button size="compact-sm" variant="light" onClick={() => update([...list_, {}])}>
            Add {noun}
          </Button>
        )}
        <Text size="xs" c="dimmed">
          {fixed !== null
            ? `The form asks for exactly ${fixed} here.`
            : `Between ${min} and ${plural(max, noun)}.`}
        </Text>
      </Group>
    </FieldGroup>
  );
}
