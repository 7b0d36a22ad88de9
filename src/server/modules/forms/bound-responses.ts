import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { BoundField, FieldKind, RowSource } from '../datasets/index.js';
import type { Choice, QuestionType } from '../../../shared/forms/questions.js';
import { formQuestions, formVersions, forms } from './forms.tables.js';

/** How a question's answers are read in SQL (answers are jsonb by key, checked on submit). */
const KIND: Record<QuestionType, FieldKind> = {
  short_text: 'text',
  long_text: 'text',
  email: 'text',
  phone: 'text',
  time: 'text',
  single_choice: 'text',
  dropdown: 'text',
  multiple_choice: 'multi',
  integer: 'number',
  decimal: 'number',
  rating: 'number',
  nps: 'number',
  range: 'number',
  yes_no: 'boolean',
  acknowledge: 'boolean',
  date: 'date',
  datetime: 'datetime',
  note: 'other',
  page: 'other',
  // a calculate's number is read when it is one (the SQL checks the json type); objects: not bound
  calculate: 'number',
  hidden: 'text',
  ranking: 'multi',
  matrix: 'other',
  geopoint: 'other',
  file: 'other',
  // a list of instances: not bound to a data point (its questions are not top-level answers)
  repeat: 'other',
};

/** The typed SQL of one answer key (the key is a bound parameter, never SQL text). */
function answerSql(key: string, type: QuestionType): SQL {
  const a = sql`r.answers -> ${key}::text`;
  const t = sql`r.answers ->> ${key}::text`;
  switch (KIND[type]) {
    case 'number':
      return sql`(CASE WHEN jsonb_typeof(${a}) = 'number' THEN (${t})::numeric END)`;
    case 'boolean':
      return sql`(CASE WHEN ${t} IN ('yes', 'true') THEN true WHEN ${t} IN ('no', 'false') THEN false END)`;
    case 'date':
      return sql`(CASE WHEN ${t} ~ '^\\d{4}-\\d{2}-\\d{2}$' THEN (${t})::date END)`;
    case 'datetime':
      return sql`(CASE WHEN ${t} ~ '^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}' THEN ((${t})::timestamp AT TIME ZONE 'UTC') END)`;
    case 'multi':
      return sql`(CASE WHEN jsonb_typeof(${a}) = 'array' THEN ARRAY(SELECT jsonb_array_elements_text(${a})) END)`;
    default:
      return sql`NULLIF(${t}, '')`;
  }
}

interface KnownQuestion {
  key: string;
  type: QuestionType;
  label: string;
  choices: Choice[];
}

/** The question a form field is bound to, as the binding form lists it. */
export interface BindableQuestion {
  key: string;
  label: string;
  kind: FieldKind;
  type: QuestionType;
  choices: Choice[];
}

/** A form asking a data point's survey question: which of its questions asks it. */
export interface AskingForm {
  formId: string;
  formName: string;
  questionKey: string;
  questionLabel: string;
  questionType: QuestionType;
}

/** The forms of the team whose draft asks one of these survey questions (the builder's "from theory of change"). */
async function formsAsking(
  db: Db,
  teamId: string,
  surveyQuestionIds: string[],
): Promise<Array<AskingForm & { surveyQuestionId: string }>> {
  if (!surveyQuestionIds.length) return [];
  const rows = await db
    .select({
      formId: forms.id,
      formName: forms.name,
      questionKey: formQuestions.key,
      questionLabel: formQuestions.label,
      questionType: formQuestions.type,
      surveyQuestionId: formQuestions.surveyQuestionId,
    })
    .from(formQuestions)
    .innerJoin(forms, eq(forms.id, formQuestions.formId))
    .where(
      and(
        eq(formQuestions.teamId, teamId),
        inArray(formQuestions.surveyQuestionId, surveyQuestionIds),
      ),
    )
    .orderBy(asc(forms.name), asc(formQuestions.position));
  return rows.map((r) => ({ ...r, surveyQuestionId: r.surveyQuestionId! }));
}

/** Every question of these forms, draft and published versions (the latest definition of a key wins). */
async function questionsOf(db: Db, teamId: string, formIds: string[]) {
  const [versions, drafts] = await Promise.all([
    db
      .select({ questions: formVersions.questions })
      .from(formVersions)
      .where(and(eq(formVersions.teamId, teamId), inArray(formVersions.formId, formIds)))
      .orderBy(asc(formVersions.publishedAt)),
    db
      .select()
      .from(formQuestions)
      .where(and(eq(formQuestions.teamId, teamId), inArray(formQuestions.formId, formIds)))
      .orderBy(asc(formQuestions.position)),
  ]);
  const out = new Map<string, KnownQuestion>();
  for (const v of versions)
    for (const q of v.questions)
      out.set(q.key, { key: q.key, type: q.type, label: q.label, choices: q.choices });
  for (const q of drafts)
    if (!out.has(q.key))
      out.set(q.key, { key: q.key, type: q.type, label: q.label, choices: q.choices });
  return [...out.values()].filter((q) => KIND[q.type] !== 'other');
}

/**
 * The responses (not deleted; every version, by key) of the team's forms that ask a survey
 * question, as rows for a data point binding: the value is each form's asking question, the
 * period defaults to the submission time, and every other question may serve as a period,
 * a disaggregation or in the filter. `ok: false` when no form asks it (yet or any more).
 */
export async function surveyQuestionRowSource(
  db: Db,
  teamId: string,
  surveyQuestionId: string,
): Promise<
  | { ok: true; source: RowSource; asking: AskingForm[]; questions: BindableQuestion[] }
  | { ok: false; asking: AskingForm[]; questions: BindableQuestion[] }
> {
  const asking = await formsAsking(db, teamId, [surveyQuestionId]);
  if (!asking.length) return { ok: false, asking, questions: [] };
  const formIds = [...new Set(asking.map((a) => a.formId))];
  const known = await questionsOf(db, teamId, formIds);
  const questions = known.map((q) => ({ ...q, kind: KIND[q.type] }));
  const fieldOf = (q: KnownQuestion): BoundField => ({
    key: q.key,
    label: q.label,
    kind: KIND[q.type],
    sql: answerSql(q.key, q.type),
    choices: q.choices,
  });
  const first = asking[0];
  const value: BoundField = {
    key: first.questionKey,
    label: first.questionLabel,
    kind: KIND[first.questionType],
    sql: sql`(CASE ${sql.join(
      asking.map(
        (a) =>
          sql`WHEN r.form_id = ${a.formId}::uuid THEN ${answerSql(a.questionKey, a.questionType)}`,
      ),
      sql` `,
    )} END)`,
  };
  return {
    ok: true,
    asking,
    questions,
    source: {
      from: sql`form_responses r JOIN forms f ON f.id = r.form_id LEFT JOIN stakeholders s ON s.id = r.stakeholder_id`,
      where: [
        sql`r.team_id = ${teamId}`,
        sql`r.form_id IN (${sql.join(
          formIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
        sql`r.deleted_at IS NULL`,
      ],
      order: sql`r.submitted_at`,
      row: sql`r.seq`,
      defaultTime: sql`r.submitted_at`,
      value,
      fields: new Map(known.map((q) => [q.key, fieldOf(q)])),
      trace: {
        responseId: sql`r.id`,
        formId: sql`r.form_id`,
        formName: sql`f.name`,
        submittedAt: sql`r.submitted_at`,
        wave: sql`r.wave`,
        stakeholderId: sql`r.stakeholder_id`,
        stakeholderName: sql`s.name`,
        stakeholderCode: sql`s.code`,
      },
      facets: { wave: sql`r.wave`, form: sql`r.form_id` },
    },
  };
}
