import { sql, type SQL } from 'drizzle-orm';
import type { Expr } from '../../../shared/expressions/ast.js';
import { fiscalShift, isFiscal } from '../../../shared/metrics/fiscal.js';

/**
 * The rows a data point binding reads (docs/datasets.md section 6), whatever their origin: a
 * dataset version's relation or a form's responses. Every field is a typed SQL expression built
 * by the module that owns the rows (from ids and bound parameters only, never from user text).
 */
export type FieldKind = 'number' | 'text' | 'boolean' | 'date' | 'datetime' | 'multi' | 'other';

export interface BoundField {
  key: string;
  label: string;
  kind: FieldKind;
  /** numeric, text, boolean, date, timestamptz or text[] by kind */
  sql: SQL;
  /** a choice question's choices: the metric's categories match a value or a label */
  choices?: ReadonlyArray<{ value: string; label: string }>;
}

export interface RowSource {
  /** `FROM ...` body: a relation with joins */
  from: SQL;
  /** the restrictions of the source itself (team, form, not deleted) */
  where: SQL[];
  /** a stable order for the drill-down */
  order: SQL;
  /** the row number shown (`_row`, a response's sequence number) */
  row: SQL;
  /** the time a row counts at when the binding names no period field (timestamptz or date) */
  defaultTime: SQL;
  value: BoundField;
  /** the fields a period, a disaggregation or a filter may read, by key */
  fields: ReadonlyMap<string, BoundField>;
  /** extra columns the drill-down lists (response id, stakeholder...), by name */
  trace: Record<string, SQL>;
  /** form responses: the survey wave and the form of a row (the insights filters narrow on them) */
  facets?: { wave: SQL; form: SQL };
}

export interface AggregateSpec {
  aggregation: string;
  /** percent_meeting: the condition a value must meet */
  condition: Cond | null;
  /** the data point's own conditions on the value (every one must hold) */
  valueFilter: readonly Cond[];
  periodKey: string | null;
  /** metric dimension -> the field giving its category, with the metric's categories */
  disaggregations: ReadonlyArray<{ dimension: string; key: string; categories: readonly string[] }>;
  filter: Expr | null;
  /** keep only the rows of one category of one of `disaggregations` (the insights' site filter) */
  only?: { dimension: string; category: string } | null;
  metric: {
    period: string;
    customPeriods: ReadonlyArray<{ key: string; start: string; end: string }>;
    /** fiscal periods: the month (1-12) the fiscal year starts in */
    fiscalStartMonth?: number | null;
  };
}

export interface Cond {
  field?: string;
  op: string;
  value?: unknown;
}

/** A refusal while compiling a binding: the field of the binding form it is about, and why. */
export class BindingError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const NUMBER_AGGREGATIONS = new Set(['sum', 'average', 'min', 'max']);

/** Why an aggregation cannot read a value of this kind, or null. */
export function aggregationError(aggregation: string, value: BoundField, condition: Cond | null) {
  if (NUMBER_AGGREGATIONS.has(aggregation) && value.kind !== 'number')
    return `“${value.label}” is not a number: a ${aggregation} needs a number question or column (count or count distinct work on any).`;
  if (aggregation === 'percent_meeting' && !condition && value.kind !== 'boolean')
    return `“${value.label}” is not a yes/no answer: give the data point a condition (Edit) to count the share meeting it.`;
  if (value.kind === 'other')
    return `“${value.label}” cannot be aggregated (only counted values are supported).`;
  return null;
}

/** A literal of an expression or a condition, as a bound parameter of the field's SQL type. */
function literal(f: BoundField, v: unknown, where: string): SQL {
  const text = typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v ?? '');
  switch (f.kind) {
    case 'number': {
      const n = typeof v === 'number' ? v : text.trim() === '' ? NaN : Number(text);
      if (!Number.isFinite(n))
        throw new BindingError(
          where,
          `“${f.label}” is compared with ${JSON.stringify(text)}, which is not a number.`,
        );
      return sql`${String(n)}::numeric`;
    }
    case 'boolean': {
      const t = text.toLowerCase();
      if (['yes', 'true', '1'].includes(t)) return sql`true`;
      if (['no', 'false', '0'].includes(t)) return sql`false`;
      throw new BindingError(
        where,
        `“${f.label}” is a yes/no answer: compare it with 'yes' or 'no'.`,
      );
    }
    case 'date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(text))
        throw new BindingError(
          where,
          `“${f.label}” is a date: compare it with a date like '2026-03-31'.`,
        );
      return sql`${text}::date`;
    case 'datetime':
      if (!/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/.test(text))
        throw new BindingError(
          where,
          `“${f.label}” is a date and time: compare it with '2026-03-31' or '2026-03-31 14:00'.`,
        );
      return sql`(${text}::timestamp AT TIME ZONE 'UTC')`;
    default:
      return sql`${text}::text`;
  }
}

const SQL_OPS: Record<string, string> = { '=': '=', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };
const COND_OPS: Record<string, string> = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** A comparison of a field's expression with a literal; `!=` keeps unanswered rows, as in the form language. */
function compare(f: BoundField, x: SQL, op: string, v: unknown, where: string): SQL {
  if (f.kind === 'multi') {
    const lit = sql`${String(v ?? '')}::text`;
    if (op === '=') return sql`(${lit} = ANY(${x}))`;
    if (op === '!=') return sql`(NOT COALESCE(${lit} = ANY(${x}), false))`;
    throw new BindingError(where, `“${f.label}” is a multiple choice: use selected() or = / !=.`);
  }
  if (v === '' && (op === '=' || op === '!='))
    return op === '=' ? sql`(${x} IS NULL)` : sql`(${x} IS NOT NULL)`;
  if (op === '!=') return sql`(${x} IS DISTINCT FROM ${literal(f, v, where)})`;
  return sql`(${x} ${sql.raw(SQL_OPS[op])} ${literal(f, v, where)})`;
}

const FLIP: Record<string, string> = {
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
  '=': '=',
  '!=': '!=',
};

/**
 * The filter expression as SQL (comparisons of a field with a literal, selected(), not(), and, or,
 * true(), false()); anything else is refused on `filter` with its position.
 */
function filterSql(e: Expr, fields: ReadonlyMap<string, BoundField>): SQL {
  const at = `(at character ${e.start + 1})`;
  const field = (name: string) => {
    const f = fields.get(name);
    if (!f) throw new BindingError('filter', `There is no question or column “${name}” ${at}.`);
    return f;
  };
  if (e.type === 'binary' && (e.op === 'and' || e.op === 'or'))
    return sql`(${filterSql(e.left, fields)} ${sql.raw(e.op.toUpperCase())} ${filterSql(e.right, fields)})`;
  if (e.type === 'binary' && e.op in FLIP) {
    const lit = (x: Expr) => (x.type === 'number' || x.type === 'string' ? x.value : undefined);
    if (e.left.type === 'ref' && lit(e.right) !== undefined) {
      const f = field(e.left.name);
      return compare(f, f.sql, e.op, lit(e.right), 'filter');
    }
    if (e.right.type === 'ref' && lit(e.left) !== undefined) {
      const f = field(e.right.name);
      return compare(f, f.sql, FLIP[e.op], lit(e.left), 'filter');
    }
  }
  if (e.type === 'call') {
    if (e.name === 'not' && e.args.length === 1)
      return sql`(NOT COALESCE(${filterSql(e.args[0], fields)}, false))`;
    if (e.name === 'true' && !e.args.length) return sql`true`;
    if (e.name === 'false' && !e.args.length) return sql`false`;
    if (e.name === 'selected' && e.args.length === 2) {
      const [r, v] = e.args;
      if (r.type === 'ref' && v.type === 'string') {
        const f = field(r.name);
        return compare(f, f.sql, '=', v.value, 'filter');
      }
    }
  }
  throw new BindingError(
    'filter',
    `A binding filter compares a question or column with a value (=, !=, <, <=, >, >=, selected(), not(), and, or); this part cannot be computed over the rows ${at}.`,
  );
}

/** A data point condition over the value (percent_meeting, its filter) as SQL. */
function conditionSql(f: BoundField, x: SQL, c: Cond, where: string): SQL {
  if (c.op === 'not_empty') return sql`(${x} IS NOT NULL)`;
  if (c.op === 'neq') return compare(f, x, '!=', c.value, where);
  if (c.op === 'in') {
    const vs = Array.isArray(c.value) ? c.value : [];
    if (!vs.length) throw new BindingError(where, 'The condition “is one of” needs values.');
    return sql`(${sql.join(
      vs.map((v) => compare(f, x, '=', v, where)),
      sql` OR `,
    )})`;
  }
  const op = COND_OPS[c.op];
  if (!op) throw new BindingError(where, `Unknown comparison ${c.op}.`);
  return compare(f, x, op === '=' ? '=' : op, c.value, where);
}

/** The date a field or the default time gives, as a `date` (timestamps read in UTC). */
function dateOf(kind: FieldKind | 'default', x: SQL): SQL {
  if (kind === 'date') return x;
  return sql`((${x}) AT TIME ZONE 'UTC')::date`;
}

/**
 * The metric's period key of a date, in SQL (monthly, quarterly, annual, fiscal or custom ranges);
 * the twin of `periodKeyOf` in shared/metrics/periods.ts. A fiscal period moves the date forward by
 * `fiscalShift` months so that the fiscal year becomes a calendar year (July 2026 -> January 2027,
 * so FY2027-Q1).
 */
export function periodSql(metric: AggregateSpec['metric'], d: SQL): SQL {
  const { period, customPeriods } = metric;
  if (period === 'monthly') return sql`to_char(${d}, 'YYYY-MM')`;
  if (period === 'quarterly') return sql`to_char(${d}, 'YYYY-"Q"Q')`;
  if (period === 'annual') return sql`to_char(${d}, 'YYYY')`;
  if (isFiscal(period)) {
    const shifted = sql`(${d} + make_interval(months => ${fiscalShift(metric.fiscalStartMonth)}::int))`;
    return period === 'fiscal_annual'
      ? sql`to_char(${shifted}, '"FY"YYYY')`
      : sql`to_char(${shifted}, '"FY"YYYY-"Q"Q')`;
  }
  if (!customPeriods.length) return sql`NULL::text`;
  return sql`(CASE ${sql.join(
    customPeriods.map(
      (p) => sql`WHEN ${d} BETWEEN ${p.start}::date AND ${p.end}::date THEN ${p.key}::text`,
    ),
    sql` `,
  )} END)`;
}

/** A field's value as one of the metric's categories (by value or choice label, case-insensitive), else NULL. */
function categorySql(f: BoundField, categories: readonly string[]): SQL {
  const text =
    f.kind === 'boolean'
      ? sql`(CASE WHEN ${f.sql} THEN 'yes' WHEN NOT ${f.sql} THEN 'no' END)`
      : sql`(${f.sql})::text`;
  if (!categories.length) return sql`NULL::text`;
  const whens = categories.map((c) => {
    const names = new Set([c.trim().toLowerCase()]);
    for (const ch of f.choices ?? [])
      if (ch.label.trim().toLowerCase() === c.trim().toLowerCase())
        names.add(ch.value.toLowerCase());
    if (f.kind === 'boolean' && /^(true|1)$/i.test(c.trim())) names.add('yes');
    if (f.kind === 'boolean' && /^(false|0)$/i.test(c.trim())) names.add('no');
    return sql`WHEN lower(trim(${text})) IN (${sql.join(
      [...names].map((n) => sql`${n}`),
      sql`, `,
    )}) THEN ${c}::text`;
  });
  return sql`(CASE ${sql.join(whens, sql` `)} END)`;
}

/** The bound rows with their value, period and categories, restricted by the filters. */
export function boundRowsSql(source: RowSource, spec: AggregateSpec, extra: SQL[] = []): SQL {
  const pf = spec.periodKey ? source.fields.get(spec.periodKey) : null;
  if (spec.periodKey && !pf)
    throw new BindingError('periodKey', `There is no question or column “${spec.periodKey}”.`);
  if (pf && pf.kind !== 'date' && pf.kind !== 'datetime')
    throw new BindingError(
      'periodKey',
      `“${pf.label}” is not a date: the period comes from a date or date-time.`,
    );
  const date = pf ? dateOf(pf.kind, pf.sql) : dateOf('default', source.defaultTime);
  const dims = spec.disaggregations.map((d, i) => {
    const f = source.fields.get(d.key);
    if (!f)
      throw new BindingError(
        `disaggregations.${d.dimension}`,
        `There is no question or column “${d.key}”.`,
      );
    if (f.kind !== 'text' && f.kind !== 'boolean')
      throw new BindingError(
        `disaggregations.${d.dimension}`,
        `“${f.label}” is not a choice or text: categories come from a choice, yes/no or text.`,
      );
    return sql`${categorySql(f, d.categories)} AS ${sql.raw(`d${i}`)}`;
  });
  const where = [...source.where];
  const only = spec.only
    ? spec.disaggregations.find((d) => d.dimension === spec.only!.dimension)
    : null;
  if (spec.only)
    where.push(
      only && source.fields.get(only.key)
        ? sql`${categorySql(source.fields.get(only.key)!, only.categories)} = ${spec.only.category}::text`
        : sql`false`,
    );
  if (spec.filter) where.push(sql`COALESCE(${filterSql(spec.filter, source.fields)}, false)`);
  for (const c of spec.valueFilter)
    where.push(sql`COALESCE(${conditionSql(source.value, source.value.sql, c, 'filter')}, false)`);
  const cols = [
    sql`${source.row} AS _row`,
    sql`${source.value.sql} AS v`,
    sql`${periodSql(spec.metric, date)} AS p`,
    sql`${source.order} AS _ord`,
    ...dims,
    ...extra,
  ];
  return sql`SELECT ${sql.join(cols, sql`, `)} FROM ${source.from}${
    where.length ? sql` WHERE ${sql.join(where, sql` AND `)}` : sql``
  }`;
}

/** The aggregation over `v` (the CTE's value column). */
export function aggregationSql(source: RowSource, spec: AggregateSpec): SQL {
  const v = sql`v`;
  switch (spec.aggregation) {
    case 'count':
      return sql`count(v)::numeric`;
    case 'count_distinct':
      return sql`count(DISTINCT v)::numeric`;
    case 'average':
      return sql`avg(v)`;
    case 'min':
      return sql`min(v)::numeric`;
    case 'max':
      return sql`max(v)::numeric`;
    case 'percent_meeting': {
      const meets = spec.condition
        ? conditionSql(source.value, v, spec.condition, 'aggregation')
        : sql`(v = true)`;
      return sql`(100.0 * count(*) FILTER (WHERE v IS NOT NULL AND COALESCE(${meets}, false)) / NULLIF(count(v), 0))`;
    }
    default:
      return sql`sum(v)::numeric`;
  }
}
