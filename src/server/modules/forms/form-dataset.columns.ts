/** A form's (and its repeat groups') dataset columns and how a view reads each answer, as SQL text. */
import type { NewColumn } from '../datasets/index.js';
import type { ColumnType } from '../../../shared/datasets/column-types.js';
import {
  allQuestions,
  isDisplayOnly,
  type Choice,
  matrixColumn,
  type QuestionDef,
  type QuestionType,
} from '../../../shared/forms/questions.js';

/** A question's dataset column type (docs/datasets.md section 4) */
const COLUMN_OF: Record<QuestionType, ColumnType> = {
  short_text: 'text',
  long_text: 'text',
  email: 'text',
  phone: 'text',
  time: 'text',
  single_choice: 'category',
  dropdown: 'category',
  multiple_choice: 'multi',
  integer: 'integer',
  decimal: 'decimal',
  range: 'decimal',
  rating: 'integer',
  nps: 'integer',
  yes_no: 'boolean',
  acknowledge: 'boolean',
  date: 'date',
  datetime: 'datetime',
  note: 'text',
  page: 'text',
  // matrix and geopoint have one column per row / per coordinate (formColumns): these are unused
  matrix: 'category',
  geopoint: 'decimal',
  ranking: 'multi',
  calculate: 'text',
  hidden: 'text',
  // a file's column holds its name (formColumns reads the answer's `name`)
  file: 'text',
  // a repeat's column is its number of instances (`<key>_count`, formColumns)
  repeat: 'integer',
};

/** The part of a repeat's answer its dataset column reads: the number of instances. */
export const COUNT_PART = '#count';
/** The dataset and export column of a repeat: `<key>_count`. */
const repeatCountColumn = (key: string) => `${key}_count`;

/** Question keys are checked on save (^[a-z][a-z0-9_]*$); checked again before they become SQL literals */
export const KEY_RE = /^[a-z][a-z0-9_]{0,100}$/;
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where a view reads answers: the response's, or one repeat instance's (`i.item`, repeatSelect) */
export type Answers = 'r.answers' | 'i.item';

/**
 * One answer as typed SQL text for the view. A value that does not fit its type (none should: the
 * answers are validated on submit) reads as empty instead of breaking every read of the view.
 */
function answerSql(
  key: string,
  type: ColumnType,
  part?: string,
  from: Answers = 'r.answers',
): string {
  if (!KEY_RE.test(key)) throw new Error(`Not a question key: ${key}`);
  if (part === COUNT_PART)
    return `CASE WHEN jsonb_typeof(${from} -> '${key}') = 'array' THEN jsonb_array_length(${from} -> '${key}') ELSE 0 END`;
  if (part !== undefined && !KEY_RE.test(`x${part}`)) throw new Error(`Not a part: ${part}`);
  // a matrix row or a geopoint coordinate: a field of the answer's object
  const a = part === undefined ? `${from} -> '${key}'` : `${from} -> '${key}' -> '${part}'`;
  const t = part === undefined ? `${from} ->> '${key}'` : `${from} -> '${key}' ->> '${part}'`;
  switch (type) {
    case 'integer':
      return `CASE WHEN ${t} ~ '^-?[0-9]{1,18}$' THEN (${t})::bigint END`;
    case 'decimal':
      return `CASE WHEN ${t} ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN (${t})::numeric END`;
    case 'boolean':
      return `CASE WHEN ${t} IN ('yes', 'true') THEN true WHEN ${t} IN ('no', 'false') THEN false END`;
    case 'date':
      return `CASE WHEN ${t} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' THEN (${t})::date END`;
    case 'datetime':
      return `CASE WHEN ${t} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}' THEN ((${t})::timestamp AT TIME ZONE 'UTC') END`;
    case 'multi':
      return `CASE WHEN jsonb_typeof(${a}) = 'array' THEN ARRAY(SELECT jsonb_array_elements_text(${a})) END`;
    default:
      return `NULLIF(${t}, '')`;
  }
}

/**
 * The columns of a form's dataset: `_submitted_at`, `_wave`, `_stakeholder` (the stakeholder's
 * code), then the union of every version's answer keys (questionColumns). The export's columns
 * come from the same union (responses.export.ts).
 */
export function formColumns(versions: QuestionDef[][]) {
  const { columns, parts, questions } = questionColumns(versions);
  return {
    columns: [...systemColumns('_submitted_at', '_wave', '_stakeholder'), ...columns],
    parts,
    questions,
  };
}

/**
 * The answer columns of some versions' questions (a form's, or one repeat group's): the union of
 * every version's keys in first-seen order (a key's type is fixed once published; the latest label
 * wins), with `<key>__other` beside a choice question that offered "other". `questions` is each
 * key's latest definition with the union of every version's choices by value (a choice removed
 * later keeps its place; the latest label wins).
 */
export function questionColumns(versions: QuestionDef[][]) {
  const byKey = new Map<string, NewColumn>();
  const parts = new Map<string, [string, string]>();
  const questions = new Map<string, QuestionDef>();
  const choicesOf = new Map<string, Map<string, Choice>>();
  /** a column reading one field of an object answer (a matrix row, a coordinate); the first key wins */
  const part = (q: QuestionDef, p: string, column: string, label: string, type: ColumnType) => {
    if (byKey.has(column) && !parts.has(column)) return;
    byKey.set(column, { key: column, label, type, sourceColumn: column });
    parts.set(column, [q.key, p]);
  };
  for (const version of versions)
    for (const q of version) {
      if (isDisplayOnly(q.type)) continue;
      const choices = choicesOf.get(q.key) ?? new Map<string, Choice>();
      for (const c of q.choices ?? []) choices.set(c.value, c);
      choicesOf.set(q.key, choices);
      questions.set(q.key, { ...q, choices: [...choices.values()] });
      if (q.type === 'matrix') {
        for (const r of q.rows ?? [])
          part(q, r.value, matrixColumn(q.key, r.value), `${q.label}: ${r.label}`, 'category');
        continue;
      }
      if (q.type === 'geopoint') {
        part(q, 'lat', `${q.key}_lat`, `${q.label} (latitude)`, 'decimal');
        part(q, 'lon', `${q.key}_lon`, `${q.label} (longitude)`, 'decimal');
        part(q, 'accuracy', `${q.key}_accuracy`, `${q.label} (accuracy, m)`, 'decimal');
        continue;
      }
      if (q.type === 'file') {
        part(q, 'name', q.key, q.label, 'text');
        continue;
      }
      if (q.type === 'repeat') {
        // the instances are rows of their own (a sheet, a dataset); here: how many
        for (const c of allQuestions(q.questions ?? [])) questions.set(c.key, c);
        part(q, COUNT_PART, repeatCountColumn(q.key), `${q.label} (count)`, 'integer');
        continue;
      }
      byKey.set(q.key, {
        key: q.key,
        label: q.label,
        type: COLUMN_OF[q.type],
        sourceColumn: q.key,
      });
      if (q.allowOther && !byKey.has(`${q.key}__other`))
        byKey.set(`${q.key}__other`, {
          key: `${q.key}__other`,
          label: `${q.label} (other)`,
          type: 'text',
          sourceColumn: `${q.key}__other`,
        });
    }
  return { columns: [...byKey.values()], parts, questions };
}

/** The reserved `_…` columns of a form view after `_row` (docs/datasets.md section 3) */
export const RESERVED =
  `r.id AS _response_id, r.submitted_at AS _submitted_at, r.wave AS _wave, ` +
  `r.version_number AS _version, r.status AS _status, r.stakeholder_id AS _stakeholder_id`;

/** The system columns of the form's and the repeat groups' datasets, and what each reads */
const SYSTEM = {
  _submitted_at: { label: 'Submitted at', type: 'datetime', sql: 'r.submitted_at' },
  _wave: { label: 'Wave', type: 'category', sql: 'r.wave' },
  _stakeholder: { label: 'Stakeholder', type: 'text', sql: 's.code' },
  _response: { label: 'Response #', type: 'integer', sql: 'r.seq' },
  _instance: { label: 'Instance', type: 'integer', sql: 'i.n' },
  // a repeat inside a repeat: the instance around (alias `p`), the paths (repeatSelect's SQL)
  _parent_instance: { label: 'Parent instance', type: 'integer', sql: 'p.n' },
  _parent_path: { label: 'Parent path', type: 'text', sql: '_parent_path' },
  _path: { label: 'Path', type: 'text', sql: '_path' },
} satisfies Record<string, { label: string; type: ColumnType; sql: string }>;
const SYSTEM_SQL = new Map(Object.entries(SYSTEM).map(([key, c]) => [key, c.sql]));

/** Some system columns, in this order */
export const systemColumns = (...keys: Array<keyof typeof SYSTEM>): NewColumn[] =>
  keys.map((key) => ({
    key,
    label: SYSTEM[key].label,
    type: SYSTEM[key].type,
    sourceColumn: null,
  }));

/** `, <expr> AS c1, ...`: each column's value, in the columns' order (`sqlOf`: a view's own system column SQL) */
export function valuesSql(
  columns: NewColumn[],
  parts: Map<string, [string, string]>,
  from: Answers,
  sqlOf: Record<string, string> = {},
) {
  return columns
    .map((c, i) => {
      const part = parts.get(c.key);
      const expr =
        sqlOf[c.key] ??
        SYSTEM_SQL.get(c.key) ??
        (part
          ? answerSql(part[0], c.type, part[1], from)
          : answerSql(c.key, c.type, undefined, from));
      return `, ${expr} AS c${i + 1}`;
    })
    .join('');
}

/** A repeat group of any version: the repeats it sits in (outermost first) and each version's questions of it. */
export interface RepeatGroup {
  parents: string[];
  versions: QuestionDef[][];
}

/**
 * The repeat groups of any version at any depth, by key, in document order (a repeat before the
 * ones it holds; first-seen order across versions). A question never moves into or out of its
 * repeat once published, so a key's parents are the same in every version.
 */
export function repeatGroups(versions: QuestionDef[][]) {
  const repeats = new Map<string, RepeatGroup>();
  const walk = (questions: QuestionDef[], parents: string[]) => {
    for (const q of questions) {
      if (q.type !== 'repeat') continue;
      const group = repeats.get(q.key) ?? { parents, versions: [] };
      group.versions.push(q.questions ?? []);
      repeats.set(q.key, group);
      walk(q.questions ?? [], [...parents, q.key]);
    }
  };
  for (const version of versions) walk(version, []);
  return repeats;
}

/**
 * The path of a repeat instance in its response, 1-based as validation errors name it:
 * `members[2]`, `members[2].visits[1]` (`chain`: the repeat keys outermost first, `indices` from 1).
 */
export const instancePath = (chain: readonly string[], indices: readonly number[]) =>
  chain.map((k, i) => `${k}[${indices[i]}]`).join('.');
