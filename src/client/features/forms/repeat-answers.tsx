import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { fixedRepeatCount, repeatBounds } from '@shared/forms/answers';
import { isDisplayOnly, itemNoun, otherKey, type QuestionDef } from '@shared/forms/questions';
import { isInstance, parse, type Answer } from '@shared/expressions';
import { fillText } from '@shared/forms/label-text';
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

/**
 * One answer of an instance as the response page shows it (a file with its download; a repeat
 * inside the instance as a table of its own, `path` naming the instance: `members[2]`).
 */
function Cell({
  q,
  inst,
  responseId,
  path,
  around,
}: {
  q: QuestionDef;
  inst: Instance;
  responseId: string;
  path: string;
  around: Around;
}) {
  if (q.type === 'repeat')
    return (
      <RepeatAnswers
        q={q}
        value={inst[q.key]}
        responseId={responseId}
        path={path}
        around={{ ...around, answers: { ...around.answers, ...(inst as Around['answers']) } }}
      />
    );
  const file = asFileAnswer(inst[q.key]);
  if (file) return <FileAnswerView responseId={responseId} file={file} thumb={48} />;
  const other = inst[otherKey(q.key)];
  return `${answerText(q, inst[q.key]) || '—'}${other !== undefined ? ` (${showAnswer(other)})` : ''}`;
}

/** What a label's `${key}` reads: the answers around the table (the response's, then the instance's). */
export interface Around {
  answers: Readonly<Record<string, Answer>>;
  byKey: ReadonlyMap<string, QuestionDef>;
}

/** `members[2].` -> `members-2-`: a path as part of an element id */
const idOf = (path: string) => path.replace(/[[\].]+/g, '-');

/**
 * A repeat group's answer on the response page: a table, one row per instance, one column per
 * question; a repeat inside an instance is a table in its cell (`path`: the instance around it,
 * `members[2].`, empty at the top).
 */
export function RepeatAnswers({
  q,
  value,
  responseId,
  path = '',
  around,
}: {
  q: QuestionDef;
  value: unknown;
  responseId: string;
  path?: string;
  /** the answers its label reads (`Clinic visits of ${name}` inside member 1: "… of Zainab") */
  around: Around;
}) {
  const rows: Row[] = instancesOf(value).map((answers, i) => ({ index: i + 1, answers }));
  if (!rows.length) return `No ${itemNoun(q)} given.`;
  return (
    <DataTable<Row>
      id={`response-repeat-${idOf(path)}${q.key}`}
      caption={`${fillText(q.label, around.answers, around.byKey, YES_NO)}${
        path ? ` (${path.slice(0, -1)})` : ''
      }: one row per ${itemNoun(q)}`}
      rows={rows}
      rowKey={(r) => r.index}
      plain
      minWidth={200}
      columns={[
        { key: 'index', title: Title(q), render: (r) => String(r.index) },
        ...asked(q).map((c) => ({
          key: c.key,
          title: c.label,
          render: (r: Row) => (
            <Cell
              q={c}
              inst={r.answers}
              responseId={responseId}
              path={`${path}${q.key}[${r.index}].`}
              around={around}
            />
          ),
        })),
      ]}
    />
  );
}

const YES_NO = { yes: 'Yes', no: 'No' };

const countAst = (text: string | null | undefined) => {
  const r = text?.trim() ? parse(text) : null;
  return r?.ok ? r.ast : null;
};

/**
 * A repeat group in the edit form: a table of its instances (one row each, a cell per question,
 * errors on the cell by path: `members[2].age`), "Add member" and "Remove member 2" within the
 * repeat's min..max (a repeat count fixes the number: no adding or removing). A repeat inside an
 * instance is edited the same way in its cell, its instances kept as they are until changed
 * (`path`: the instance around it, `members[2].`; `scope`: the answers around, which a repeat
 * count may read; `context`: the instance around as its cells are named, "Member 2").
 */
export function RepeatInput({
  q,
  answers,
  errors,
  onChange,
  responseId,
  path = '',
  scope = {},
  context = '',
}: {
  q: QuestionDef;
  answers: EditAnswers;
  errors: Record<string, string>;
  onChange: (key: string, value: EditValue) => void;
  responseId: string;
  path?: string;
  scope?: EditAnswers;
  context?: string;
}) {
  const list_ = instancesOf(answers[q.key]) as EditAnswers[];
  const noun = itemNoun(q);
  const { min, max } = repeatBounds(q);
  const around = { ...scope, ...answers };
  const fixed = fixedRepeatCount(q, countAst(q.repeatCount), around as Record<string, Answer>);
  const at = (index: number) => `${path}${q.key}[${index}]`;
  /** "Member 2", or inside one "Member 2, visit 1": how a cell's input and buttons are named */
  const itemName = (index: number) =>
    context ? `${context}, ${noun} ${index}` : `${Title(q)} ${index}`;
  const update = (next: EditAnswers[]) => onChange(q.key, next);
  const rows: Row[] = list_.map((a, i) => ({ index: i + 1, answers: a }));
  const setIn = (i: number, key: string, v: EditValue) =>
    update(list_.map((x, j) => (j === i ? { ...x, [key]: v } : x)));
  const canRemove = fixed === null && list_.length > min;
  return (
    <FieldGroup label={`${q.label} (${q.key})`} error={errors[`${path}${q.key}`]}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" my={4}>
          No {noun} given: add one below.
        </Text>
      ) : (
        <DataTable<Row>
          id={`response-repeat-edit-${idOf(path)}${q.key}`}
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
              render: (r: Row) =>
                c.type === 'repeat' ? (
                  <RepeatInput
                    q={c}
                    answers={r.answers as EditAnswers}
                    errors={errors}
                    onChange={(k, v) => setIn(r.index - 1, k, v)}
                    responseId={responseId}
                    path={`${at(r.index)}.`}
                    scope={around}
                    context={itemName(r.index)}
                  />
                ) : (
                  <AnswerInput
                    q={c}
                    answers={r.answers as EditAnswers}
                    cellLabel={`${itemName(r.index)}: ${c.label}`}
                    error={errors[`${at(r.index)}.${c.key}`]}
                    otherError={errors[`${at(r.index)}.${otherKey(c.key)}`]}
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
                        // the visible words first, then where (axe: the name contains the label)
                        aria-label={context ? `Remove ${noun} ${r.index} (${context})` : undefined}
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
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => update([...list_, {}])}
            aria-label={context ? `Add ${noun} (${context})` : undefined}
          >
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
