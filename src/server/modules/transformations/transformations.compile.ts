import { convertValue } from '../../../shared/datasets/convert.js';
import { COLUMN_KEY_PATTERN, type ColumnType } from '../../../shared/datasets/column-types.js';
import type { Step } from '../../../shared/transformations/steps.js';
import { CAST_OF, convertSql } from './transformations.convert.js';
import {
  compileCondition,
  compileExpression,
  ExprError,
  TYPE_OF_KIND,
  type Col,
} from './transformations.expr.js';
import { ident, Params, trimmed } from './transformations.sql.js';
import { standardDateSql } from './transformations.dates.js';
import {
  APPEND_BASE,
  compileAggregate,
  compileAppend,
  compileJoin,
} from './transformations.combine.js';
import { compileQuery, QueryShapeNeeded, type QueryShape } from './transformations.query.js';
import { compileMerge, compileSplit } from './transformations.reshape.js';

export type { Col } from './transformations.expr.js';

/** A step that cannot be compiled: the field of the step it is about, and why */
export class StepError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** One enabled step as a CTE, with what the counts need */
interface Stage {
  stepIndex: number;
  name: string;
  prev: string;
  colsBefore: Col[];
  cols: Col[];
  /** keys the step reads or writes */
  touches: string[];
  /** generated names of columns whose values it may change in place, or adds */
  changed: string[];
  added: string[];
  /** type changes: when a value of the previous stage fails to convert, and that value's text */
  failed: Array<{ cond: string; text: string }>;
  /** new column names and appends used up to and including this step */
  counters: Counters;
}

/** how many new column names (n1…) and appends a recipe used so far */
export interface Counters {
  added: number;
  appends: number;
}

export interface CompiledRecipe {
  ctes: string[];
  params: Params;
  stages: Stage[];
  /** the columns of the last compiled stage */
  cols: Col[];
  /** the first step that does not compile (the steps after it are not compiled) */
  error: { stepIndex: number; field: string; message: string } | null;
  /** a query step whose output columns must be discovered first (compileWithQueries) */
  pending?: QueryShapeNeeded;
  /**
   * compiled with `range`: the indexes in `params.values` of the source rows read (`_row > after
   * AND _row <= upTo`) and of what the output's `_row` starts after (runSelect adds it)
   */
  range?: {
    after: number;
    upTo: number;
    offset: number;
    otherAfter: number;
    otherUpTo: number;
    /** a fill from the previous value compiled with `carry`: the `_row` of the input's last
     * non-empty value before the chunk (empty: none) */
    carry?: number;
  };
  /** the query steps' output the compile used (compileWithQueries) */
  queries?: ReadonlyMap<string, QueryShape>;
}

export interface RecipeSource {
  /** the dataset's name (what a join or an append calls it) */
  name?: string;
  /** `ds."v_…"`, already checked */
  relation: string;
  columns: Array<{ key: string; label: string; type: ColumnType; physical: string }>;
}

/** lower-case key from a label: "Age group" -> age_group */
export function keyFromLabel(label: string, used: ReadonlySet<string>): string {
  let k = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50);
  if (!/^[a-z]/.test(k)) k = `col_${k}`.replace(/_+$/, '');
  if (!COLUMN_KEY_PATTERN.test(k)) k = 'col';
  let key = k;
  for (let n = 2; used.has(key); n++) key = `${k}_${n}`;
  return key;
}

export const TEXTUAL = new Set<ColumnType>(['text', 'category']);
export const NUMERIC = new Set<ColumnType>(['integer', 'decimal']);

export function columnOf(cols: readonly Col[], key: string, field: string): Col {
  const c = cols.find((x) => x.key === key);
  if (!c) throw new StepError(field, `There is no column “${key}” at this step.`);
  return c;
}

const list = (cols: readonly Col[]) => ['_row', ...cols.map((c) => ident(c.ident))].join(', ');

/**
 * A recipe as a chain of CTEs over the source relation: s0 reads it (the first `sample` rows for
 * a preview), s1… one per enabled step. Every value is a parameter; every name is generated.
 */
export function compileRecipe(
  source: RecipeSource,
  steps: readonly Step[],
  opts: {
    sample?: number;
    /** the datasets joins and appends read, by id (only those of the recipe's project) */
    others?: ReadonlyMap<string, RecipeSource>;
    /** query steps' output, by step id (transformations.query.ts discovers them) */
    queries?: ReadonlyMap<string, QueryShape>;
    /** s0 reads a range of source rows, set per chunk (transformations.chunks.ts) */
    range?: boolean;
    /** the rest of a recipe: names and appends the steps before it used (transformations.chunks.ts) */
    counters?: Counters;
    /** join step id -> a table holding its side already (transformations.chunks.ts) */
    joinSides?: ReadonlyMap<string, string>;
    /** fill step id -> the column's mean or median, as text (transformations.chunks.ts) */
    fills?: ReadonlyMap<string, string | null>;
    /**
     * with `range`: this fill from the previous value (the first step) starts each chunk from
     * the value at the `_row` given per chunk (transformations.chunks.ts)
     */
    carry?: string;
  } = {},
): CompiledRecipe {
  const params = new Params();
  let appends = opts.counters?.appends ?? 0;
  let cols: Col[] = source.columns.map((c) => ({
    key: c.key,
    label: c.label,
    type: c.type,
    ident: ident(c.physical),
  }));
  const sampleRef = opts.sample ? params.add(opts.sample, 'bigint') : null;
  let range: CompiledRecipe['range'];
  let where = '';
  let appendRange: string | undefined;
  if (opts.range) {
    const at = params.values.length;
    where = ` WHERE _row > ${params.add(0, 'bigint')} AND _row <= ${params.add(0, 'bigint')}`;
    params.add(0, 'bigint');
    // an append reads a range of the other dataset's rows (empty unless set)
    appendRange = ` WHERE _row > ${params.add(0, 'bigint')} AND _row <= ${params.add(0, 'bigint')}`;
    range = { after: at, upTo: at + 1, offset: at + 2, otherAfter: at + 3, otherUpTo: at + 4 };
  }
  const limit = sampleRef ? ` ORDER BY _row LIMIT ${sampleRef}` : '';
  const env: StepEnv = {
    others: opts.others ?? new Map(),
    sampleRef,
    nextAppend: () => ++appends,
    queries: opts.queries ?? new Map(),
    joinSides: opts.joinSides,
    appendRange,
    fills: opts.fills,
    carry:
      range && opts.carry
        ? {
            stepId: opts.carry,
            relation: source.relation,
            ref: params.add(null, 'bigint'),
            at: params.values.length - 1,
          }
        : undefined,
  };
  if (range && env.carry) range.carry = env.carry.at;
  const ctes = [`s0 AS (SELECT ${list(cols)} FROM ${source.relation}${where}${limit})`];
  const stages: Stage[] = [];
  let prev = 's0';
  let added = opts.counters?.added ?? 0;
  let error: CompiledRecipe['error'] = null;
  let pending: QueryShapeNeeded | undefined;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if (!step.enabled) continue;
    const name = `s${stages.length + 1}`;
    try {
      const out = compileStep(step, cols, prev, params, () => `n${++added}`, env);
      ctes.push(`${name} AS (${out.sql})`);
      stages.push({
        stepIndex: i,
        name,
        prev,
        colsBefore: cols,
        ...out,
        counters: { added, appends },
      });
      cols = out.cols;
      prev = name;
    } catch (err) {
      if (err instanceof QueryShapeNeeded) {
        pending = err;
        error = { stepIndex: i, field: 'sql', message: 'The query’s columns are not known yet.' };
        break;
      }
      if (err instanceof StepError) {
        error = { stepIndex: i, field: err.field, message: err.message };
        break;
      }
      if (err instanceof ExprError) {
        error = {
          stepIndex: i,
          field: 'expression',
          message: `${err.message} (at character ${err.start + 1}).`,
        };
        break;
      }
      throw err;
    }
  }
  return {
    ctes,
    params,
    stages,
    cols,
    error,
    ...(pending ? { pending } : {}),
    ...(range ? { range } : {}),
  };
}

export interface StepSql {
  sql: string;
  cols: Col[];
  touches: string[];
  changed: string[];
  added: string[];
  failed: Stage['failed'];
}

/** What steps that read another dataset need */
interface StepEnv {
  others: ReadonlyMap<string, RecipeSource>;
  /** the preview's sample size parameter (appended rows are limited like the source's) */
  sampleRef: string | null;
  nextAppend: () => number;
  queries: ReadonlyMap<string, QueryShape>;
  joinSides?: ReadonlyMap<string, string>;
  appendRange?: string;
  fills?: ReadonlyMap<string, string | null>;
  carry?: { stepId: string; relation: string; ref: string; at: number };
}

function compileStep(
  step: Step,
  cols: Col[],
  prev: string,
  params: Params,
  newIdent: () => string,
  env: StepEnv,
): StepSql {
  const select = (exprs: Map<string, string>, next: Col[] = cols, where = '') =>
    `SELECT _row, ${next
      .map((c) =>
        exprs.has(c.ident) ? `${exprs.get(c.ident)} AS ${ident(c.ident)}` : ident(c.ident),
      )
      .join(', ')} FROM ${prev}${where ? ` WHERE ${where}` : ''}`;
  const none = { changed: [] as string[], added: [] as string[], failed: [] as Stage['failed'] };
  switch (step.kind) {
    case 'cleanup': {
      const targets = step.columns.map((k, j) => columnOf(cols, k, `columns.${j}`));
      const wrong = targets.find((c) => !TEXTUAL.has(c.type));
      if (wrong)
        throw new StepError(
          'columns',
          `“${wrong.label}” is not a text column: clean-ups change texts only.`,
        );
      if (step.op === 'remove' && !step.characters)
        throw new StepError('characters', 'Type the characters to remove.');
      if (step.op === 'replace' && !step.mapping.length)
        throw new StepError('mapping', 'Add at least one value to replace.');
      const exprs = new Map<string, string>();
      for (const c of targets) {
        const x = ident(c.ident);
        let e: string;
        if (step.op === 'trim') e = `NULLIF(${trimmed(x)}, '')`;
        else if (step.op === 'lower') e = `lower(${x})`;
        else if (step.op === 'upper') e = `upper(${x})`;
        else if (step.op === 'dates') e = standardDateSql(x, step.dateOrder);
        else if (step.op === 'remove')
          e = `NULLIF(translate(${x}, ${params.add(step.characters, 'text')}, ''), '')`;
        else {
          const subject = step.loose ? `lower(${trimmed(x)})` : x;
          const whens = step.mapping.map((m) => {
            const from = step.loose ? looseKey(m.from) : m.from;
            return ` WHEN ${params.add(from, 'text')} THEN ${params.add(m.to === '' ? null : m.to, 'text')}`;
          });
          e = `(CASE ${subject}${whens.join('')} ELSE ${x} END)`;
        }
        exprs.set(c.ident, e);
      }
      return {
        sql: select(exprs),
        cols,
        touches: targets.map((c) => c.key),
        ...none,
        changed: targets.map((c) => c.ident),
      };
    }
    case 'fill': {
      const c = columnOf(cols, step.column, 'column');
      const x = ident(c.ident);
      if (step.method === 'previous') {
        // the last non-empty value in row order: rows are grouped by how many non-empty values
        // came before them (and this one); each group starts with its non-empty value. In a
        // chunk the rows before its first non-empty value take the last one of the chunks
        // before: the value at the carried `_row` of the input (s0 is this step's input)
        const first = `first_value(${x}) OVER (PARTITION BY _g ORDER BY _row)`;
        const carried =
          env.carry?.stepId === step.id && prev === 's0'
            ? `COALESCE(${first}, (SELECT ${x} FROM ${env.carry.relation} WHERE _row = ${env.carry.ref}))`
            : first;
        const others = cols.map((o) => (o === c ? `${carried} AS ${x}` : ident(o.ident)));
        return {
          sql: `SELECT _row, ${others.join(', ')} FROM (SELECT *, count(${x}) OVER (ORDER BY _row ROWS UNBOUNDED PRECEDING) AS _g FROM ${prev}) f`,
          cols,
          touches: [c.key],
          ...none,
          changed: [c.ident],
        };
      }
      let fill: string;
      if (step.method === 'constant') {
        if (c.type === 'multi' || c.type === 'geopoint')
          throw new StepError('column', `“${c.label}” cannot be filled with a constant.`);
        const v = convertValue(c.type, step.value);
        if (!v.ok) throw new StepError('value', `${v.reason}.`);
        if (v.value === null) throw new StepError('value', 'Type the value to fill in.');
        const cast =
          c.type === 'datetime' ? 'timestamptz' : CAST_OF[c.type as keyof typeof CAST_OF];
        fill = params.add(v.value, cast);
      } else {
        if (!NUMERIC.has(c.type))
          throw new StepError(
            'column',
            `“${c.label}” is not a number: only numbers have a ${step.method}.`,
          );
        // a run in chunks computes the figure once, beforehand (transformations.chunks.ts)
        const known = env.fills?.get(step.id);
        fill =
          known !== undefined
            ? params.add(known, c.type === 'integer' ? 'bigint' : 'numeric')
            : `(SELECT ${fillFigure(step.method, c.type, x)} FROM ${prev})`;
      }
      return {
        sql: select(new Map([[c.ident, `COALESCE(${x}, ${fill})`]])),
        cols,
        touches: [c.key],
        ...none,
        changed: [c.ident],
      };
    }
    case 'filter': {
      if (!step.expression.trim())
        throw new StepError('expression', 'Add a condition: the rows where it is true are kept.');
      const cond = compileCondition(step.expression, cols, params);
      return {
        sql: select(new Map(), cols, cond),
        cols,
        touches: referenced(step.expression, cols),
        ...none,
      };
    }
    case 'columns': {
      const exprs = new Map<string, string>();
      const where: string[] = [];
      const failed: Stage['failed'] = [];
      const next = cols.map((c) => ({ ...c }));
      const removed = new Set<string>();
      const seen = new Set<string>();
      step.changes.forEach((ch, j) => {
        const c = columnOf(cols, ch.column, `changes.${j}.column`);
        if (seen.has(c.key))
          throw new StepError(`changes.${j}.column`, `“${c.label}” is changed twice.`);
        seen.add(c.key);
        const n = next.find((x) => x.key === c.key)!;
        if (ch.remove) {
          removed.add(c.key);
          return;
        }
        if (ch.label) n.label = ch.label;
        if (ch.type && ch.type !== c.type) {
          if (c.type === 'multi' || c.type === 'geopoint')
            throw new StepError(`changes.${j}.type`, `“${c.label}” cannot change its type.`);
          const conv = convertSql(ident(c.ident), c.type, ch.type);
          let value = conv.value;
          if (ch.onFail === 'default') {
            const d = convertValue(ch.type, ch.default);
            if (!d.ok) throw new StepError(`changes.${j}.default`, `${d.reason}.`);
            if (d.value === null)
              throw new StepError(`changes.${j}.default`, 'Type the value to use.');
            value = `(CASE WHEN ${conv.failed} THEN ${params.add(d.value, CAST_OF[ch.type])} ELSE ${conv.value} END)`;
          } else if (ch.onFail === 'drop') where.push(`NOT ${conv.failed}`);
          exprs.set(c.ident, value);
          n.type = ch.type;
          if (conv.failed !== 'false')
            failed.push({ cond: conv.failed, text: `${ident(c.ident)}::text` });
        }
      });
      const kept = next.filter((c) => !removed.has(c.key));
      if (!kept.length) throw new StepError('changes', 'Keep at least one column.');
      return {
        sql: select(exprs, kept, where.join(' AND ')),
        cols: kept,
        touches: [...seen],
        changed: [...exprs.keys()],
        added: [],
        failed,
      };
    }
    case 'derive': {
      if (!step.expression.trim())
        throw new StepError('expression', 'Write the expression that computes the column.');
      const e = compileExpression(step.expression, cols, params);
      const type = TYPE_OF_KIND[e.kind];
      if (!type) throw new StepError('expression', 'A derived column cannot be a list of choices.');
      const col: Col = {
        key: keyFromLabel(step.label, new Set(cols.map((c) => c.key))),
        label: step.label,
        type,
        ident: newIdent(),
      };
      const next = [...cols, col];
      return {
        sql: select(new Map([[col.ident, e.sql]]), next),
        cols: next,
        touches: [...referenced(step.expression, cols), col.key],
        changed: [],
        added: [col.ident],
        failed: [],
      };
    }
    case 'bins': {
      const c = columnOf(cols, step.column, 'column');
      if (!NUMERIC.has(c.type))
        throw new StepError(
          'column',
          `“${c.label}” is not a number: only numbers are recoded into ranges.`,
        );
      const x = ident(c.ident);
      const whens = step.breaks.map(
        (b, j) =>
          ` WHEN ${x} < ${params.add(b, 'numeric')} THEN ${params.add(step.labels[j], 'text')}`,
      );
      const e = `(CASE WHEN ${x} IS NULL THEN NULL${whens.join('')} ELSE ${params.add(step.labels[step.breaks.length], 'text')} END)`;
      const col: Col = {
        key: keyFromLabel(step.label, new Set(cols.map((k) => k.key))),
        label: step.label,
        type: 'category',
        ident: newIdent(),
      };
      const next = [...cols, col];
      return {
        sql: select(new Map([[col.ident, e]]), next),
        cols: next,
        touches: [c.key, col.key],
        changed: [],
        added: [col.ident],
        failed: [],
      };
    }
    case 'dedupe': {
      const targets = step.columns.map((k, j) => columnOf(cols, k, `columns.${j}`));
      const by = targets.map((c) => ident(c.ident)).join(', ');
      const order = step.keep === 'first' ? 'ASC' : 'DESC';
      return {
        sql: `SELECT ${list(cols)} FROM (SELECT ${list(cols)}, row_number() OVER (PARTITION BY ${by} ORDER BY _row ${order}) AS _n FROM ${prev}) d WHERE _n = 1`,
        cols,
        touches: targets.map((c) => c.key),
        ...none,
      };
    }
    case 'join':
      return compileJoin(step, cols, prev, newIdent, env);
    case 'append':
      return compileAppend(step, cols, prev, newIdent, env);
    case 'aggregate':
      return compileAggregate(step, cols, prev, newIdent);
    case 'query':
      return compileQuery(step, cols, prev, newIdent, env.queries);
    case 'split':
      return compileSplit(step, cols, prev, params, newIdent);
    case 'merge':
      return compileMerge(step, cols, prev, params, newIdent);
  }
}

/** A column's mean (rounded for whole numbers) or median: what a fill from the column uses */
export function fillFigure(method: 'mean' | 'median', type: ColumnType, x: string): string {
  if (method === 'median') return `percentile_disc(0.5) WITHIN GROUP (ORDER BY ${x})`;
  return type === 'integer' ? `round(avg(${x}))::bigint` : `avg(${x})`;
}

/** The value a loose replace matches on: lower case, without surrounding spaces */
export function looseKey(s: string): string {
  return s.replace(/^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g, '').toLowerCase();
}

function referenced(expression: string, cols: readonly Col[]): string[] {
  const keys = new Set<string>();
  for (const m of expression.matchAll(/\$\{([^}]+)\}/g)) keys.add(m[1]);
  return cols.filter((c) => keys.has(c.key)).map((c) => c.key);
}

export const withCtes = (c: CompiledRecipe, upTo = c.ctes.length) =>
  `WITH ${c.ctes.slice(0, upTo).join(',\n')}\n`;

/**
 * The run's SELECT: the output rows numbered 1..n in source order, each with its source _row
 * (empty for rows an append brought from another dataset); compiled with `range`, numbered from
 * the offset parameter + 1 (the rows the chunks before wrote)
 */
export function runSelect(c: CompiledRecipe): string {
  const last = `s${c.stages.length}`;
  const offset = c.range ? ` + $${c.range.offset + 1}::bigint` : '';
  return `${withCtes(c)}SELECT row_number() OVER (ORDER BY _row)${offset} AS _row, CASE WHEN _row < ${APPEND_BASE} THEN _row END AS _source_row${c.cols
    .map((x) => `, ${ident(x.ident)}`)
    .join('')} FROM ${last}`;
}

/** The first `limit` rows after stage `stage` (0: the source), every value as text */
export function rowsSelect(c: CompiledRecipe, stage: number, limit: number): string {
  const cols = stage === 0 ? null : c.stages[stage - 1].cols;
  const shown = cols ?? sourceCols(c);
  return `${withCtes(c, stage + 1)}SELECT _row${shown
    .map((x) => `, ${ident(x.ident)}::text AS ${ident(x.ident)}`)
    .join('')} FROM s${stage} ORDER BY _row LIMIT ${limit}`;
}

/** The columns of s0 (the source) */
export function sourceCols(c: CompiledRecipe): Col[] {
  return c.stages.length ? c.stages[0].colsBefore : c.cols;
}

/**
 * One row of counts for every stage: rows in and out, values changed (cells that differ from the
 * stage before, or that a new column fills), values that failed a type change, and up to ten of
 * those values.
 */
export function countsSelect(c: CompiledRecipe): string {
  const parts = ['(SELECT count(*) FROM s0) AS r0'];
  c.stages.forEach((s, i) => {
    const k = i + 1;
    parts.push(`(SELECT count(*) FROM ${s.name}) AS r${k}`);
    const diffs = [
      ...s.changed.map((x) => `(a.${ident(x)}::text IS DISTINCT FROM b.${ident(x)}::text)::int`),
      ...s.added.map((x) => `(a.${ident(x)} IS NOT NULL)::int`),
    ];
    parts.push(
      diffs.length
        ? `(SELECT COALESCE(sum(${diffs.join(' + ')}), 0) FROM ${s.name} a JOIN ${s.prev} b ON a._row = b._row) AS v${k}`
        : `0 AS v${k}`,
    );
    if (s.failed.length) {
      parts.push(
        `(SELECT count(*) FROM ${s.prev} WHERE ${s.failed.map((f) => f.cond).join(' OR ')}) AS f${k}`,
      );
      const union = s.failed
        .map((f) => `SELECT ${f.text} AS v FROM ${s.prev} WHERE ${f.cond}`)
        .join(' UNION ');
      parts.push(
        `(SELECT array_agg(v) FROM (SELECT DISTINCT v FROM (${union}) u ORDER BY v LIMIT 10) q) AS x${k}`,
      );
    } else parts.push(`0 AS f${k}`, `NULL::text[] AS x${k}`);
  });
  return `${withCtes(c)}SELECT ${parts.join(', ')}`;
}
