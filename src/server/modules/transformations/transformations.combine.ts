import { COLUMN_SQL_TYPES, type ColumnType } from '../../../shared/datasets/column-types.js';
import type { Step } from '../../../shared/transformations/steps.js';
import {
  columnOf,
  keyFromLabel,
  NUMERIC,
  StepError,
  TEXTUAL,
  type Col,
  type RecipeSource,
  type StepSql,
} from './transformations.compile.js';
import { ident } from './transformations.sql.js';

/**
 * The steps that combine rows: join another dataset, append another dataset, group and
 * aggregate. `_row` stays the lineage: a join keeps the row's own, an appended row gets
 * `APPEND_BASE * k + its row` (k: the append's number; no source row), a group the first row of
 * the group.
 */
export const APPEND_BASE = 1099511627776; // 2^40: above any dataset's row count

type JoinStep = Extract<Step, { kind: 'join' }>;
type AppendStep = Extract<Step, { kind: 'append' }>;
type AggregateStep = Extract<Step, { kind: 'aggregate' }>;

interface Env {
  others: ReadonlyMap<string, RecipeSource>;
  sampleRef: string | null;
  nextAppend: () => number;
  /** join step id -> a table holding its side already (joinSideOf), `ds."…"` */
  joinSides?: ReadonlyMap<string, string>;
  /** a run in chunks: the other dataset's rows an append reads (`WHERE …` with parameters) */
  appendRange?: string;
}

function otherOf(env: Env, datasetId: string): RecipeSource {
  const o = env.others.get(datasetId);
  if (!o) throw new StepError('datasetId', 'Pick a dataset of this project that has data.');
  return o;
}

const family = (t: ColumnType) => (TEXTUAL.has(t) ? 'text' : NUMERIC.has(t) ? 'number' : t);
const typeWords = (t: ColumnType) =>
  ({
    text: 'a text',
    category: 'a category',
    integer: 'a whole number',
    decimal: 'a decimal number',
    boolean: 'a yes/no',
    date: 'a date',
    datetime: 'a date and time',
    multi: 'a multiple choice',
    geopoint: 'a location',
  })[t];

/**
 * What a join reads from the other dataset: its key columns and the columns it brings (physical
 * names), the first row by `_row` of each key (rows with an empty key never match)
 */
export function joinSideOf(step: JoinStep, other: RecipeSource) {
  const keys = step.on.map((o) => {
    const right = other.columns.find((c) => c.key === o.right);
    return right ? ident(right.physical) : null;
  });
  const known = [...new Set(keys.filter((k): k is string => k !== null))];
  const brought = other.columns.filter((c) => !known.includes(ident(c.physical)));
  const columns = [...known, ...brought.map((b) => ident(b.physical))];
  const select = (where: string) =>
    `SELECT DISTINCT ON (${known.join(', ')}) ${columns.join(', ')} FROM ${other.relation} WHERE ${[
      ...known.map((k) => `${k} IS NOT NULL`),
      ...(where ? [where] : []),
    ].join(' AND ')} ORDER BY ${known.join(', ')}, _row`;
  return { keys: known, brought, columns, select };
}

export function compileJoin(
  step: JoinStep,
  cols: Col[],
  prev: string,
  newIdent: () => string,
  env: Env,
): StepSql {
  const other = otherOf(env, step.datasetId);
  const otherName = other.name ?? 'the other dataset';
  const keys = step.on.map((o, j) => {
    const left = columnOf(cols, o.left, `on.${j}.left`);
    const right = other.columns.find((c) => c.key === o.right);
    if (!right)
      throw new StepError(`on.${j}.right`, `There is no column “${o.right}” in “${otherName}”.`);
    if (left.type === 'multi' || left.type === 'geopoint')
      throw new StepError(`on.${j}.left`, `“${left.label}” cannot be a key.`);
    if (family(left.type) !== family(right.type))
      throw new StepError(
        `on.${j}.right`,
        `“${left.label}” is ${typeWords(left.type)} and “${right.label}” in “${otherName}” is ${typeWords(right.type)}: keys must have the same type.`,
      );
    return { left, right: ident(right.physical) };
  });
  const side = joinSideOf(step, other);
  const used = new Set(cols.map((c) => c.key));
  const brought = side.brought.map((c) => {
    const col: Col = {
      key: keyFromLabel(`${step.prefix} ${c.key}`, used),
      label: `${step.prefix}: ${c.label}`,
      type: c.type,
      ident: newIdent(),
    };
    used.add(col.key);
    return { col, physical: ident(c.physical) };
  });
  // a run in chunks reads the side written once beforehand (transformations.chunks.ts)
  const from = env.joinSides?.get(step.id) ?? `(${side.select('')})`;
  const on = keys.map((k) => `a.${ident(k.left.ident)} = o.${k.right}`).join(' AND ');
  const next = [...cols, ...brought.map((b) => b.col)];
  const select = [
    'a._row',
    ...cols.map((c) => `a.${ident(c.ident)}`),
    ...brought.map((b) => `o.${b.physical} AS ${ident(b.col.ident)}`),
  ].join(', ');
  return {
    sql: `SELECT ${select} FROM ${prev} a ${step.how === 'inner' ? 'JOIN' : 'LEFT JOIN'} ${from} o ON ${on}`,
    cols: next,
    touches: [...keys.map((k) => k.left.key), ...brought.map((b) => b.col.key)],
    changed: [],
    added: brought.map((b) => b.col.ident),
    failed: [],
  };
}

const nullOf = (t: ColumnType) => `NULL::${COLUMN_SQL_TYPES[t]}`;

export function compileAppend(
  step: AppendStep,
  cols: Col[],
  prev: string,
  newIdent: () => string,
  env: Env,
): StepSql {
  const other = otherOf(env, step.datasetId);
  const otherName = other.name ?? 'the other dataset';
  for (const c of cols) {
    const o = other.columns.find((x) => x.key === c.key);
    if (o && o.type !== c.type && !(TEXTUAL.has(o.type) && TEXTUAL.has(c.type)))
      throw new StepError(
        'datasetId',
        `“${c.label}” is ${typeWords(c.type)} here and ${typeWords(o.type)} in “${otherName}”: change one of the types first.`,
      );
  }
  const extra = other.columns
    .filter((o) => !cols.some((c) => c.key === o.key))
    .map((o) => ({
      col: { key: o.key, label: o.label, type: o.type, ident: newIdent() } as Col,
      physical: ident(o.physical),
    }));
  const k = env.nextAppend();
  const mine = [
    '_row',
    ...cols.map((c) => ident(c.ident)),
    ...extra.map((e) => `${nullOf(e.col.type)} AS ${ident(e.col.ident)}`),
  ];
  const theirs = [
    `${APPEND_BASE * k} + _row`,
    ...cols.map((c) => {
      const o = other.columns.find((x) => x.key === c.key);
      return o ? ident(o.physical) : nullOf(c.type);
    }),
    ...extra.map((e) => e.physical),
  ];
  const limit = env.sampleRef ? ` ORDER BY _row LIMIT ${env.sampleRef}` : '';
  return {
    sql: `SELECT ${mine.join(', ')} FROM ${prev} UNION ALL (SELECT ${theirs.join(', ')} FROM ${other.relation}${env.appendRange ?? ''}${limit})`,
    cols: [...cols, ...extra.map((e) => e.col)],
    touches: extra.map((e) => e.col.key),
    changed: [],
    added: extra.map((e) => e.col.ident),
    failed: [],
  };
}

const ORDERED = new Set<ColumnType>(['integer', 'decimal', 'date', 'datetime']);

export function compileAggregate(
  step: AggregateStep,
  cols: Col[],
  prev: string,
  newIdent: () => string,
): StepSql {
  const groups = step.groupBy.map((k, j) => columnOf(cols, k, `groupBy.${j}`));
  if (new Set(groups.map((g) => g.key)).size !== groups.length)
    throw new StepError('groupBy', 'A column is picked twice.');
  const used = new Set(groups.map((g) => g.key));
  const figures = step.aggregates.map((a, j) => {
    const field = `aggregates.${j}.column`;
    let type: ColumnType;
    let sql: string;
    if (a.fn === 'count' && !a.column) {
      type = 'integer';
      sql = 'count(*)';
    } else {
      if (!a.column) throw new StepError(field, 'Pick a column.');
      const c = columnOf(cols, a.column, field);
      const x = ident(c.ident);
      const needNumber = () => {
        if (!NUMERIC.has(c.type))
          throw new StepError(field, `“${c.label}” is not a number: pick a number column.`);
      };
      switch (a.fn) {
        case 'count':
          type = 'integer';
          sql = `count(${x})`;
          break;
        case 'count_distinct':
          type = 'integer';
          sql = `count(DISTINCT ${x})`;
          break;
        case 'sum':
          needNumber();
          type = c.type;
          sql = c.type === 'integer' ? `sum(${x})::bigint` : `sum(${x})`;
          break;
        case 'mean':
          needNumber();
          type = 'decimal';
          sql = `avg(${x})`;
          break;
        case 'median':
          needNumber();
          type = 'decimal';
          sql = `(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${x}))::numeric`;
          break;
        case 'min':
        case 'max':
          if (!ORDERED.has(c.type))
            throw new StepError(
              field,
              `“${c.label}” has no ${a.fn === 'min' ? 'minimum' : 'maximum'}: pick a number or a date.`,
            );
          type = c.type;
          sql = `${a.fn}(${x})`;
          break;
      }
    }
    const col: Col = { key: keyFromLabel(a.label, used), label: a.label, type, ident: newIdent() };
    used.add(col.key);
    return { col, sql };
  });
  const rows: Col = {
    key: keyFromLabel('Source rows', used),
    label: 'Source rows',
    type: 'integer',
    ident: newIdent(),
  };
  const by = groups.map((g) => ident(g.ident)).join(', ');
  const select = [
    'min(_row) AS _row',
    ...groups.map((g) => ident(g.ident)),
    ...figures.map((f) => `${f.sql} AS ${ident(f.col.ident)}`),
    `count(*) AS ${ident(rows.ident)}`,
  ].join(', ');
  const next = [...groups, ...figures.map((f) => f.col), rows];
  return {
    sql: `SELECT ${select} FROM ${prev}${by ? ` GROUP BY ${by}` : ' HAVING count(*) > 0'}`,
    cols: next,
    touches: [
      ...groups.map((g) => g.key),
      ...step.aggregates.flatMap((a) => (a.column ? [a.column] : [])),
      ...figures.map((f) => f.col.key),
      rows.key,
    ],
    changed: [],
    added: [...figures.map((f) => f.col.ident), rows.ident],
    failed: [],
  };
}
