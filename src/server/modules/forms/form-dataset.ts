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
  type RepeatGroup,
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
 * The instances a repeat dataset reads per level (REPEAT_CAP bounds them on submit): its `_row` is
 * `seq * ROWS_PER_RESPONSE + instance` (one more factor per level), unique, stable and in response order.
 */
const ROWS_PER_RESPONSE = 1000;

/**
 * The columns of a repeat group's dataset: `_response` (the response's number, the form dataset's
 * `_row`), `_instance` (from 1, within the instance or response around it); inside another repeat
 * `_parent_instance` (that instance's `_instance`), `_parent_path` and `_path` (`members[2]`,
 * `members[2].visits[1]`: a row's parent is the parent dataset's row with the same `_response`
 * whose `_path`, or at the top level whose `_instance`, matches); `_stakeholder`, `_wave`, then the
 * union of the repeat's questions in every version that had it (questionColumns: the form
 * dataset's typing rules; a repeat inside has its `<key>_count`).
 */
function repeatColumns(group: RepeatGroup) {
  const { columns, parts } = questionColumns(group.versions);
  const system = group.parents.length
    ? systemColumns(
        '_response',
        '_instance',
        '_parent_instance',
        '_parent_path',
        '_path',
        '_stakeholder',
        '_wave',
      )
    : systemColumns('_response', '_instance', '_stakeholder', '_wave');
  return { columns: [...system, ...columns], parts };
}

/**
 * A repeat dataset's SELECT: one row per instance of the repeat in each non-deleted response, a
 * lateral join per level (`chain`: the repeat keys from the top; the innermost instance is `i`, the
 * one around it `p`). `_row` is `seq` then each level's index in base ROWS_PER_RESPONSE (at most
 * 3 levels: below 2^63 for any seq under 9e9).
 */
function repeatSelect(
  formId: string,
  chain: string[],
  columns: NewColumn[],
  parts: Map<string, [string, string]>,
) {
  if (!UUID_RE.test(formId)) throw new Error(`Not a form id: ${formId}`);
  for (const key of chain) if (!KEY_RE.test(key)) throw new Error(`Not a question key: ${key}`);
  const alias = (level: number) =>
    level === chain.length - 1 ? 'i' : level === chain.length - 2 ? 'p' : `i${level + 1}`;
  const joins = chain.map((key, level) => {
    const list = `${level ? `${alias(level - 1)}.item` : 'r.answers'} -> '${key}'`;
    return (
      `CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(${list}) = 'array' ` +
      `THEN ${list} ELSE '[]'::jsonb END) WITH ORDINALITY AS ${alias(level)}(item, n) `
    );
  });
  const path = (levels: number) =>
    chain
      .slice(0, levels)
      .map((key, level) => `'${level ? '.' : ''}${key}[' || ${alias(level)}.n || ']'`)
      .join(' || ');
  const row = chain.reduce(
    (sql, _, level) => `(${sql} * ${ROWS_PER_RESPONSE} + ${alias(level)}.n)`,
    'r.seq::bigint',
  );
  const sqlOf = { _path: path(chain.length), _parent_path: path(chain.length - 1) };
  const bounded = chain.map((_, level) => ` AND ${alias(level)}.n < ${ROWS_PER_RESPONSE}`);
  return (
    `SELECT ${row}::bigint AS _row, ${RESERVED}` +
    `${valuesSql(columns, parts, 'i.item', sqlOf)} ` +
    `FROM public.form_responses r ${joins.join('')}` +
    `LEFT JOIN public.stakeholders s ON s.id = r.stakeholder_id ` +
    `WHERE r.form_id = '${formId}'::uuid AND r.deleted_at IS NULL${bounded.join('')}`
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
  // each repeat group of any version, at any depth, is a dataset of its own (a removed one keeps its rows)
  for (const [key, group] of repeatGroups(all)) {
    const repeat = repeatColumns(group);
    await defineFormView(uc, {
      projectId: form.projectId,
      name: `${form.name} — ${questions.get(key)?.label ?? key}`,
      origin: 'form',
      originId: form.id,
      originKey: key,
      columns: repeat.columns,
      select: repeatSelect(form.id, [...group.parents, key], repeat.columns, repeat.parts),
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
