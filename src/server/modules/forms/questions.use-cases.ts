import { asc, eq, sql } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { ValidationError } from '../../platform/errors.js';
import { formQuestions } from './forms.tables.js';
import { draftQuestions, findForm, findQuestion, type QuestionRow } from './forms.queries.js';
import { logicScope, nestQuestions } from '../../../shared/forms/repeats.js';
import {
  questionRuleErrors,
  type AddQuestionInput,
  type UpdateQuestionInput,
} from '../../../shared/forms/forms.schemas.js';
import {
  QUESTION_TYPE_LABELS,
  hasChoiceList,
  canBeReadOnly,
  hasChoices,
  isDisplayOnly,
  isUnseen,
  NOT_IN_REPEAT,
  REPEAT_DEPTH_MAX,
  type QuestionDef,
  type QuestionType,
  type Choice,
} from '../../../shared/forms/questions.js';
import type { Db } from '../../platform/db/client.js';
import { logicErrors, straightenQuotes } from '../../../shared/forms/logic.js';
import { plural } from '../../../shared/format/plural.js';

const subjectOf = (q: { id: string; label: string }) => ({
  type: 'form_question',
  id: q.id,
  label: q.label.slice(0, 200),
});

/** "How old are you?" -> how_old_are_you (a key suggestion; the builder shows and may edit it). */
export function keyFromLabel(label: string): string {
  const base = label
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/_{2,}/g, '_')
    .slice(0, 40)
    .replace(/_+$/, '');
  return /^[a-z]/.test(base) ? base : `q_${base || 'question'}`.slice(0, 40);
}

export async function keysOf(db: Db, formId: string) {
  const rows = await db
    .select({ key: formQuestions.key })
    .from(formQuestions)
    .where(eq(formQuestions.formId, formId));
  return new Set(rows.map((r) => r.key));
}
export const unique = (base: string, taken: Set<string>) => {
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
};

function checkRules(q: Parameters<typeof questionRuleErrors>[0]) {
  const errors = questionRuleErrors(q);
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/**
 * Skip logic and the custom constraint must parse and read only the questions before this one
 * (the constraint may also read its own); errors land on the field with the character they are about.
 */
async function checkLogic(
  db: Db,
  formId: string,
  q: {
    id?: string;
    key: string;
    type: QuestionType;
    repeatKey?: string | null;
    relevant?: string | null;
    constraint?: string | null;
    calculation?: string | null;
    repeatCount?: string | null;
    requiredWhen?: string | null;
    choiceFilter?: string | null;
    choices?: Choice[];
  },
) {
  const rows = await draftQuestions(db, formId);
  const mine = { key: q.key, type: q.type, repeatKey: q.repeatKey ?? null };
  const list = q.id ? rows.map((r) => (r.id === q.id ? { ...r, ...mine } : r)) : [...rows, mine];
  const defs = nestQuestions(list, (r) => ({ key: r.key, type: r.type }) as QuestionDef);
  const scope = logicScope(defs, q.key);
  const errors = logicErrors(q, scope.earlier, scope.later, scope.notes);
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/**
 * A question asked in a repeat group: the group must be a repeat of this form, a page break or a
 * file upload cannot sit in one, a repeat cannot sit in itself (or in a repeat inside it), and
 * repeats nest at most REPEAT_DEPTH_MAX deep. Once published a question stays in (or out of) its
 * repeat: its answers keep their place in the data.
 */
async function checkRepeatKey(
  db: Db,
  formId: string,
  q: { id?: string; key: string; type: QuestionType; repeatKey: string | null },
  published: { repeatKey: string | null } | null,
) {
  if (published && (published.repeatKey ?? null) !== q.repeatKey)
    throw new ValidationError({
      repeatKey:
        'This question was published in its place: it cannot move into or out of a repeat group. Add a new question instead.',
    });
  if (q.repeatKey === null) return;
  if (NOT_IN_REPEAT.includes(q.type))
    throw new ValidationError({
      repeatKey: `A ${QUESTION_TYPE_LABELS[q.type].toLowerCase()} cannot be inside a repeat group.`,
    });
  const rows = await draftQuestions(db, formId);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const group = byKey.get(q.repeatKey);
  if (!group || group.type !== 'repeat')
    throw new ValidationError({ repeatKey: 'Choose a repeat group of this form.' });
  const before = q.id ? rows.find((r) => r.id === q.id) : undefined;
  const own = new Set([q.key, before?.key]);
  // the repeats around the chosen group, outermost last; this question must not be one of them
  const chain: string[] = [];
  for (let at: typeof group | undefined = group; at;) {
    if (own.has(at.key))
      throw new ValidationError({
        repeatKey: 'A repeat group cannot be inside itself or inside a repeat group it holds.',
      });
    chain.push(at.key);
    at = at.repeatKey ? byKey.get(at.repeatKey) : undefined;
  }
  // how deep this question's own repeats go below it (a repeat moved with what it holds)
  const below = (key: string | undefined): number =>
    key === undefined
      ? 0
      : Math.max(
          0,
          ...rows
            .filter((r) => r.repeatKey === key && r.type === 'repeat')
            .map((r) => 1 + below(r.key)),
        );
  const depth = chain.length + (q.type === 'repeat' ? 1 + below(before?.key) : 0);
  if (depth > REPEAT_DEPTH_MAX)
    throw new ValidationError({
      repeatKey: `Repeat groups nest at most ${REPEAT_DEPTH_MAX} deep: this would make ${depth}.`,
    });
}

export async function nextPosition(db: Db, formId: string) {
  const [{ n }] = await db
    .select({ n: sql<number>`coalesce(max(${formQuestions.position}) + 1, 0)::int` })
    .from(formQuestions)
    .where(eq(formQuestions.formId, formId));
  return n;
}

/** Add a question at the end of a form's draft. */
export async function addQuestion(
  uc: UseCase,
  { formId, ...raw }: AddQuestionInput & { formId: unknown },
) {
  const { input, notice } = straightenQuotes(raw);
  const { form, project } = await findForm(uc.tx, uc.teamId, formId);
  uc.can('content.update', { project });
  checkRules(input);
  const taken = await keysOf(uc.tx, form.id);
  if (input.key && taken.has(input.key))
    throw new ValidationError({
      key: `This form already has a question with the key “${input.key}”.`,
    });
  const key = input.key ?? unique(keyFromLabel(input.label), taken);
  const repeatKey = input.repeatKey ?? null;
  await checkRepeatKey(uc.tx, form.id, { key, type: input.type, repeatKey }, null);
  await checkLogic(uc.tx, form.id, { key, ...input, repeatKey });
  const [question] = await uc.tx
    .insert(formQuestions)
    .values({
      teamId: uc.teamId,
      formId: form.id,
      key,
      type: input.type,
      label: input.label,
      hint: input.hint ?? null,
      required:
        isDisplayOnly(input.type) || isUnseen(input.type) ? false : (input.required ?? false),
      requiredMessage: input.requiredMessage ?? null,
      defaultValue: input.defaultValue ?? null,
      choices: hasChoiceList(input.type) ? (input.choices ?? []) : [],
      allowOther: hasChoices(input.type) ? (input.allowOther ?? false) : false,
      scale: input.type === 'rating' ? (input.scale ?? 5) : null,
      validation: input.validation ?? {},
      relevant: input.relevant ?? null,
      requiredWhen: input.required ? (input.requiredWhen ?? null) : null,
      readOnly: input.readOnly ?? false,
      choiceFilter: hasChoices(input.type) ? (input.choiceFilter ?? null) : null,
      constraint: input.constraint ?? null,
      constraintMessage: input.constraintMessage ?? null,
      rows: input.type === 'matrix' ? (input.rows ?? []) : [],
      calculation:
        input.type === 'calculate' || (input.readOnly && canBeReadOnly(input.type))
          ? (input.calculation ?? null)
          : null,
      repeatKey,
      repeatCount: input.type === 'repeat' ? (input.repeatCount ?? null) : null,
      itemLabel: input.type === 'repeat' ? (input.itemLabel ?? null) : null,
      position: await nextPosition(uc.tx, form.id),
    })
    .returning();
  await uc.audit({
    action: 'form_question.created',
    subject: subjectOf(question),
    details: { form: form.name, key, type: input.type },
  });
  return { question, form, notice: notice(question.label) };
}

/** Edit a draft question. A published question keeps its key and its type. */
export async function updateQuestion(
  uc: UseCase,
  { questionId, ...raw }: UpdateQuestionInput & { questionId: unknown },
) {
  const { input, notice } = straightenQuotes(raw);
  const { question: before, form, project } = await findQuestion(uc.tx, uc.teamId, questionId);
  uc.can('content.update', { project });
  if (before.publishedType && input.type && input.type !== before.publishedType)
    throw new ValidationError({
      type: `This question was published as “${QUESTION_TYPE_LABELS[before.publishedType]}”: its type cannot change, or the answers already collected would not fit. Add a new question instead.`,
    });
  if (before.publishedType && input.key && input.key !== before.key)
    throw new ValidationError({
      key: `This question was published with the key “${before.key}”: the key stays, so its data keeps its column.`,
    });
  if (input.key && input.key !== before.key && (await keysOf(uc.tx, form.id)).has(input.key))
    throw new ValidationError({
      key: `This form already has a question with the key “${input.key}”.`,
    });
  const type: QuestionType = input.type ?? before.type;
  const merged = {
    type,
    choices: input.choices ?? before.choices,
    allowOther: input.allowOther ?? before.allowOther,
    validation: input.validation ?? before.validation,
    rows: input.rows ?? before.rows,
    required: input.required ?? before.required,
    readOnly: input.readOnly ?? before.readOnly,
    defaultValue: input.defaultValue !== undefined ? input.defaultValue : before.defaultValue,
  };
  const pick = <
    K extends
      | 'relevant'
      | 'requiredWhen'
      | 'choiceFilter'
      | 'constraint'
      | 'constraintMessage'
      | 'calculation'
      | 'repeatCount'
      | 'itemLabel'
      | 'repeatKey',
  >(
    k: K,
  ) => (input[k] !== undefined ? input[k] : before[k]);
  const logic = {
    relevant: pick('relevant'),
    requiredWhen: merged.required ? pick('requiredWhen') : null,
    choiceFilter: hasChoices(type) ? pick('choiceFilter') : null,
    constraint: pick('constraint'),
    constraintMessage: pick('constraintMessage'),
    calculation:
      type === 'calculate' || (merged.readOnly && canBeReadOnly(type)) ? pick('calculation') : null,
    repeatCount: type === 'repeat' ? pick('repeatCount') : null,
  };
  const repeatKey = pick('repeatKey') ?? null;
  const key = input.key ?? before.key;
  checkRules({ ...merged, ...logic });
  await checkRepeatKey(
    uc.tx,
    form.id,
    { id: before.id, key, type, repeatKey },
    before.publishedType ? before : null,
  );
  await checkLogic(uc.tx, form.id, {
    id: before.id,
    key,
    type,
    repeatKey,
    choices: merged.choices,
    ...logic,
  });
  const [question] = await uc.tx
    .update(formQuestions)
    .set({
      key: input.key ?? before.key,
      type,
      label: input.label ?? before.label,
      hint: input.hint !== undefined ? input.hint : before.hint,
      required: isDisplayOnly(type) || isUnseen(type) ? false : merged.required,
      requiredMessage:
        input.requiredMessage !== undefined ? input.requiredMessage : before.requiredMessage,
      defaultValue: merged.defaultValue,
      readOnly: canBeReadOnly(type) ? merged.readOnly : false,
      choices: hasChoiceList(type) ? merged.choices : [],
      allowOther: hasChoices(type) ? merged.allowOther : false,
      scale: type === 'rating' ? (input.scale ?? before.scale ?? 5) : null,
      validation: merged.validation,
      rows: type === 'matrix' ? merged.rows : [],
      ...logic,
      repeatKey,
      itemLabel: type === 'repeat' ? pick('itemLabel') : null,
      updatedAt: new Date(),
    })
    .where(eq(formQuestions.id, before.id))
    .returning();
  await uc.audit({
    action: 'form_question.updated',
    subject: subjectOf(question),
    details: { form: form.name, key: question.key, fields: Object.keys(input) },
  });
  return { question, form, notice: notice(question.label) };
}

/** Remove a question from the draft (published versions and their answers keep it). */
export async function deleteQuestion(uc: UseCase, { questionId }: { questionId: unknown }) {
  const { question, form, project } = await findQuestion(uc.tx, uc.teamId, questionId);
  uc.can('content.update', { project });
  if (question.type === 'repeat') {
    const inside = (await draftQuestions(uc.tx, form.id)).filter(
      (r) => r.repeatKey === question.key,
    );
    if (inside.length)
      throw new ValidationError({
        repeatKey: `This repeat group still holds ${plural(inside.length, 'question')}: delete them first.`,
      });
  }
  await uc.tx.delete(formQuestions).where(eq(formQuestions.id, question.id));
  await uc.audit({
    action: 'form_question.deleted',
    subject: subjectOf(question),
    details: { form: form.name, key: question.key },
  });
  return { question, form };
}

async function ordered(db: Db, formId: string) {
  return db
    .select({ id: formQuestions.id, key: formQuestions.key, type: formQuestions.type })
    .from(formQuestions)
    .where(eq(formQuestions.formId, formId))
    .orderBy(asc(formQuestions.position), asc(formQuestions.createdAt));
}
async function writeOrder(db: Db, ids: string[]) {
  for (const [i, id] of ids.entries())
    await db.update(formQuestions).set({ position: i }).where(eq(formQuestions.id, id));
}

/** Move a question one place up or down (the keyboard-accessible reorder). */
export async function moveQuestion(
  uc: UseCase,
  {
    questionId,
    direction,
    position,
  }: { questionId: unknown; direction?: 'up' | 'down'; position?: number },
) {
  const { question, form, project } = await findQuestion(uc.tx, uc.teamId, questionId);
  uc.can('content.update', { project });
  const ids = (await ordered(uc.tx, form.id)).map((r) => r.id);
  const i = ids.indexOf(question.id);
  // up or down one place, or to a place (dropped there; past the end: the last)
  const j = direction
    ? direction === 'up'
      ? i - 1
      : i + 1
    : Math.min(position ?? 1, ids.length) - 1;
  if (j < 0 || j >= ids.length)
    throw new ValidationError({
      direction:
        direction === 'up'
          ? 'This is already the first question.'
          : 'This is already the last question.',
    });
  ids.splice(i, 1);
  ids.splice(j, 0, question.id);
  await writeOrder(uc.tx, ids);
  await uc.audit({
    action: 'form_question.moved',
    subject: subjectOf(question),
    details: { form: form.name, key: question.key, direction: direction ?? null, position: j + 1 },
  });
  return { question, form, position: j + 1 };
}

/** Copy a question right below itself, with a new key (not linked to the theory of change). */
export async function duplicateQuestion(uc: UseCase, { questionId }: { questionId: unknown }) {
  const { question: q, form, project } = await findQuestion(uc.tx, uc.teamId, questionId);
  uc.can('content.update', { project });
  const key = unique(`${q.key.slice(0, 56)}_copy`, await keysOf(uc.tx, form.id));
  const [copy] = await uc.tx
    .insert(formQuestions)
    .values({
      ...copyable(q),
      teamId: uc.teamId,
      formId: form.id,
      key,
      label: `${q.label} (copy)`.slice(0, 1000),
      position: q.position,
    })
    .returning();
  const ids = (await ordered(uc.tx, form.id)).map((r) => r.id).filter((id) => id !== copy.id);
  ids.splice(ids.indexOf(q.id) + 1, 0, copy.id);
  await writeOrder(uc.tx, ids);
  await uc.audit({
    action: 'form_question.duplicated',
    subject: subjectOf(copy),
    details: { form: form.name, from: q.key, key },
  });
  return { question: copy, form };
}

const copyable = (q: QuestionRow) => ({
  type: q.type,
  hint: q.hint,
  required: q.required,
  requiredMessage: q.requiredMessage,
  defaultValue: q.defaultValue,
  choices: q.choices,
  allowOther: q.allowOther,
  scale: q.scale,
  validation: q.validation,
  relevant: q.relevant,
  constraint: q.constraint,
  constraintMessage: q.constraintMessage,
  rows: q.rows,
  calculation: q.calculation,
  repeatKey: q.repeatKey,
  repeatCount: q.repeatCount,
  itemLabel: q.itemLabel,
});
