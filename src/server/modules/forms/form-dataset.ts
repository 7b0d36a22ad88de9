import { asc, eq } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { defineFormView, liveDatasetsOf, type NewColumn } from '../datasets/index.js';
import type { Db } from '../../platform/db/client.js';
import type { QuestionDef } from '../../../shared/forms/questions.js';
import { formVersions, type forms } from './forms.tables.js';
import {
  formColumns,
  KEY_RE,
  questionColumns,
  repeatGroups,
  RESERVED,
  systemColumns,
  UUID_RE,
  valuesSql,
} from './form-dataset.columns.js';

/** The view's SELECT over the form's non-deleted responses (the form id and the keys are checked) */
function formSelect(formId: string, columns: NewColumn[], parts: Map<string, [string, string]>) {
  if (!UUID_RE.test(formId)) throw new Error(`Not a form id: ${formId}`);
  return (
    `SELECT r.seq::bigint AS _row, ${RESERVED}${valuesSql(columns, parts, 'r.answers')} ` +
    `FROM public.form_responses r LEFT JOIN public.stakeholders s ON s.id = r.stakeholder_id ` +
    `WHERE r.form_id = '${formId}'::uuid AND r.deleted_at IS NULL`
  );
}

/**
 * The instances a repeat dataset reads of one response (REPEAT_CAP bounds them on submit): its
 * `_row` is `seq * ROWS_PER_RESPONSE + instance`, unique, stable and in response order.
 */
const ROWS_PER_RESPONSE = 1000;

/**
 * The columns of a repeat group's dataset: `_response` (the response's number, the form dataset's
 * `_row`), `_instance` (from 1), `_stakeholder`, `_wave`, then the union of the repeat's questions
 * in every version that had it (questionColumns: the form dataset's typing rules).
 */
function repeatColumns(inner: QuestionDef[][]) {
  const { columns, parts } = questionColumns(inner);
  const system = systemColumns('_response', '_instance', '_stakeholder', '_wave');
  return { columns: [...system, ...columns], parts };
}

/** A repeat dataset's SELECT: one row per instance of the repeat in each non-deleted response */
function repeatSelect(
  formId: string,
  key: string,
  columns: NewColumn[],
  parts: Map<string, [string, string]>,
) {
  if (!UUID_RE.test(formId)) throw new Error(`Not a form id: ${formId}`);
  if (!KEY_RE.test(key)) throw new Error(`Not a question key: ${key}`);
  const list = `r.answers -> '${key}'`;
  return (
    `SELECT (r.seq * ${ROWS_PER_RESPONSE} + i.n)::bigint AS _row, ${RESERVED}` +
    `${valuesSql(columns, parts, 'i.item')} ` +
    `FROM public.form_responses r ` +
    `CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(${list}) = 'array' ` +
    `THEN ${list} ELSE '[]'::jsonb END) WITH ORDINALITY AS i(item, n) ` +
    `LEFT JOIN public.stakeholders s ON s.id = r.stakeholder_id ` +
    `WHERE r.form_id = '${formId}'::uuid AND r.deleted_at IS NULL AND i.n < ${ROWS_PER_RESPONSE}`
  );
}

/**
 * (Re)define the form's live datasets after a publish (same transaction): views over its
 * responses, never copies, so a new or deleted response shows at the next read. One for the
 * responses, and one per repeat group of any version (origin key: the repeat's key).
 */
export async function defineFormDataset(uc: UseCase, form: typeof forms.$inferSelect) {
  const versions = await uc.tx
    .select({ questions: formVersions.questions })
    .from(formVersions)
    .where(eq(formVersions.formId, form.id))
    .orderBy(asc(formVersions.number));
  const all = versions.map((v) => v.questions);
  const { columns, parts, questions } = formColumns(all);
  const main = await defineFormView(uc, {
    projectId: form.projectId,
    name: form.name,
    origin: 'form',
    originId: form.id,
    columns,
    select: formSelect(form.id, columns, parts),
  });
  // each repeat group of any version is a dataset of its own (a removed one keeps its rows)
  for (const [key, inner] of repeatGroups(all)) {
    const repeat = repeatColumns(inner);
    await defineFormView(uc, {
      projectId: form.projectId,
      name: `${form.name} — ${questions.get(key)?.label ?? key}`,
      origin: 'form',
      originId: form.id,
      originKey: key,
      columns: repeat.columns,
      select: repeatSelect(form.id, key, repeat.columns, repeat.parts),
    });
  }
  return main;
}

/** The live datasets of a form's repeat groups with each repeat's latest label (the responses page's links) */
export async function repeatDatasets(
  db: Db,
  teamId: string,
  formId: string,
  versions: QuestionDef[][],
) {
  const { questions } = formColumns(versions);
  return (await liveDatasetsOf(db, teamId, 'form', formId)).flatMap((d) =>
    d.key === null ? [] : [{ id: d.id, label: questions.get(d.key)?.label ?? d.key }],
  );
}
