import { loadModule, parseSync } from 'libpg-query';

/**
 * The query step's guard (issue 11): the user's SQL is parsed by PostgreSQL's own parser
 * (libpg-query, WebAssembly) and the WHOLE tree is walked before any of its text reaches a
 * statement. Allowed: one SELECT (with VALUES, set operations, subqueries, joins, non-recursive
 * CTEs) reading only the relation `previous` (and the query's own CTEs), calling only the
 * functions of `FUNCTIONS`, casting only to the types of `TYPES`. Everything else is refused with
 * a message and the character it is at.
 */

/** The relation a query step reads: the previous step's rows, columns by key, plus `_row` */
export const PREVIOUS = 'previous';

export class QueryRefusal extends Error {
  constructor(
    message: string,
    /** 1-based character of the user's text the refusal is about, or null */
    readonly at: number | null,
  ) {
    super(message);
  }
}

/** Ordinary scalar, string, math, date, aggregate and window functions */
const FUNCTIONS = new Set(
  [
    // math
    'abs ceil ceiling floor round trunc sign sqrt cbrt power pow exp ln log log10 mod div pi',
    'degrees radians sin cos tan asin acos atan atan2 width_bucket scale gcd lcm',
    // strings
    'length char_length character_length octet_length bit_length lower upper initcap btrim',
    'ltrim rtrim trim substr substring left right replace translate concat concat_ws position',
    'strpos lpad rpad reverse split_part starts_with regexp_replace regexp_match regexp_like',
    'regexp_count regexp_substr regexp_instr format md5 ascii chr overlay normalize',
    'to_char to_number to_date to_timestamp',
    // dates
    'now date_trunc date_part extract age make_date make_time make_timestamp make_timestamptz',
    'make_interval date_bin justify_days justify_hours justify_interval isfinite timezone',
    // aggregates
    'count sum avg min max stddev stddev_pop stddev_samp variance var_pop var_samp bool_and',
    'bool_or every string_agg array_agg percentile_cont percentile_disc mode corr covar_pop',
    'covar_samp regr_slope regr_intercept regr_count regr_r2 regr_avgx regr_avgy',
    // windows
    'row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value',
    'nth_value',
    // arrays (multiple-choice columns) and conditionals
    'array_length cardinality array_to_string array_position array_remove num_nulls num_nonnulls',
  ]
    .join(' ')
    .split(' '),
);

/** Functions PostgreSQL's grammar writes as pg_catalog.x for SQL syntax (EXTRACT, TRIM, …) */
const SQL_SYNTAX = new Set([
  'extract',
  'date_part',
  'overlay',
  'position',
  'substring',
  'btrim',
  'ltrim',
  'rtrim',
  'timezone',
  'normalize',
  'like_escape',
  'similar_to_escape',
]);

/** Casts to these types only (the last name of the type; the grammar adds pg_catalog.) */
const TYPES = new Set(
  'text varchar bpchar char int2 int4 int8 int integer bigint smallint numeric decimal float4 float8 real bool boolean date timestamp timestamptz time timetz interval'.split(
    ' ',
  ),
);

const TIME_VALUES = new Set([
  'SVFOP_CURRENT_DATE',
  'SVFOP_CURRENT_TIME',
  'SVFOP_CURRENT_TIME_N',
  'SVFOP_CURRENT_TIMESTAMP',
  'SVFOP_CURRENT_TIMESTAMP_N',
  'SVFOP_LOCALTIME',
  'SVFOP_LOCALTIME_N',
  'SVFOP_LOCALTIMESTAMP',
  'SVFOP_LOCALTIMESTAMP_N',
]);

/** Nodes a SELECT may hold; any other node is refused */
const NODES = new Set([
  'SelectStmt',
  'ResTarget',
  'ColumnRef',
  'String',
  'Integer',
  'Float',
  'Boolean',
  'BitString',
  'A_Star',
  'A_Const',
  'A_Expr',
  'BoolExpr',
  'NullTest',
  'BooleanTest',
  'FuncCall',
  'WindowDef',
  'SortBy',
  'TypeCast',
  'CaseExpr',
  'CaseWhen',
  'CoalesceExpr',
  'MinMaxExpr',
  'SubLink',
  'RangeSubselect',
  'RangeFunction',
  'JoinExpr',
  'RangeVar',
  'CommonTableExpr',
  'A_Indirection',
  'A_Indices',
  'A_ArrayExpr',
  'RowExpr',
  'GroupingSet',
  'GroupingFunc',
  'SQLValueFunction',
  'CollateClause',
  'List',
]);

const STATEMENT_NAMES: Record<string, string> = {
  InsertStmt: 'an INSERT',
  UpdateStmt: 'an UPDATE',
  DeleteStmt: 'a DELETE',
  MergeStmt: 'a MERGE',
  CopyStmt: 'a COPY',
  VariableSetStmt: 'a SET',
  VariableShowStmt: 'a SHOW',
  DoStmt: 'a DO block',
  CreateTableAsStmt: 'a CREATE TABLE AS',
  ExplainStmt: 'an EXPLAIN',
  TransactionStmt: 'a transaction command',
  CallStmt: 'a CALL',
  PrepareStmt: 'a PREPARE',
  ExecuteStmt: 'an EXECUTE',
  LockStmt: 'a LOCK',
  CreateFunctionStmt: 'a CREATE FUNCTION',
  DropStmt: 'a DROP',
  TruncateStmt: 'a TRUNCATE',
  ListenStmt: 'a LISTEN',
  NotifyStmt: 'a NOTIFY',
  VacuumStmt: 'a VACUUM',
};
const WRITES = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);

let loaded: Promise<void> | null = null;
/** Load the parser's WebAssembly (once); `checkQuery` needs it loaded */
export function loadQueryParser(): Promise<void> {
  loaded ??= loadModule();
  return loaded;
}

export interface CheckedQuery {
  /** the one statement's text, as the parser delimited it (no trailing `;`) */
  text: string;
}

type Node = Record<string, unknown>;

/**
 * Check a query step's SQL; returns the statement text to compile, or throws a QueryRefusal.
 * Only text this function returns is ever put into a statement.
 */
export function checkQuery(sqlText: string): CheckedQuery {
  if (!sqlText.trim())
    throw new QueryRefusal(`Write a SELECT that reads the rows of “${PREVIOUS}”.`, null);
  // our statements number their parameters $1…: the user's text must not contain one, even in a
  // string (toDrizzle binds every `$n::`)
  const dollar = /\$\d/.exec(sqlText);
  if (dollar)
    throw new QueryRefusal(
      'Parameters ($1, $2…) are not allowed: write the values in the query (in a text, write “$” || ‘1’).',
      dollar.index + 1,
    );
  const bytes = Buffer.from(sqlText, 'utf8');
  const charAt = (byteOffset: number) =>
    bytes.subarray(0, Math.max(0, byteOffset)).toString('utf8').length + 1;
  let tree: { stmts?: Array<{ stmt: Node; stmt_location?: number; stmt_len?: number }> };
  try {
    tree = parseSync(sqlText);
  } catch (err) {
    const details = (err as { sqlDetails?: { message: string; cursorPosition: number } })
      .sqlDetails;
    const message = details?.message ?? (err as Error).message;
    // the parser's cursor is a 1-based character position
    throw new QueryRefusal(
      `PostgreSQL cannot read this: ${message}`,
      details ? Math.max(1, details.cursorPosition) : null,
    );
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length === 0)
    throw new QueryRefusal(`Write a SELECT that reads the rows of “${PREVIOUS}”.`, null);
  if (stmts.length > 1)
    throw new QueryRefusal(
      `One statement only: this text holds ${stmts.length} (remove everything after the first “;”).`,
      charAt(stmts[1].stmt_location ?? 0),
    );
  const [raw] = stmts;
  const [kind] = Object.keys(raw.stmt);
  const start = raw.stmt_location ?? 0;
  if (kind !== 'SelectStmt') {
    const what = STATEMENT_NAMES[kind] ?? `a ${kind.replace(/Stmt$/, '')} statement`;
    throw new QueryRefusal(
      WRITES.has(kind)
        ? `Only a SELECT is allowed: this is ${what}, which writes.`
        : `Only a SELECT is allowed: this is ${what}.`,
      charAt(start),
    );
  }
  const walker = new Walker(charAt);
  walker.select(raw.stmt.SelectStmt as Node, new Set(), start);
  const text = bytes
    .subarray(start, raw.stmt_len ? start + raw.stmt_len : bytes.length)
    .toString('utf8');
  return { text };
}

class Walker {
  constructor(private readonly charAt: (byteOffset: number) => number) {}

  refuse(message: string, location: number | undefined, near: number): never {
    throw new QueryRefusal(
      message,
      this.charAt(typeof location === 'number' && location >= 0 ? location : near),
    );
  }

  /** A SELECT: its CTEs first (each sees the ones before it), then the rest with all of them */
  select(s: Node, scope: ReadonlySet<string>, near: number): void {
    if (s.intoClause)
      this.refuse('SELECT INTO creates a table: a query step only reads.', undefined, near);
    const lock = (s.lockingClause as Node[] | undefined)?.[0];
    if (lock)
      this.refuse(
        'FOR UPDATE / FOR SHARE lock rows: a query step only reads.',
        (lock.LockingClause as Node | undefined)?.location as number | undefined,
        near,
      );
    const inner = new Set(scope);
    const w = s.withClause as Node | undefined;
    if (w) {
      if (w.recursive)
        this.refuse(
          'WITH RECURSIVE is not allowed (a recursive query can run without end).',
          w.location as number,
          near,
        );
      for (const item of (w.ctes as Node[]) ?? []) {
        const cte = item.CommonTableExpr as Node;
        const loc = cte.location as number;
        const q = cte.ctequery as Node;
        const [k] = Object.keys(q);
        if (k !== 'SelectStmt')
          this.refuse(
            `The WITH query “${String(cte.ctename)}” is ${STATEMENT_NAMES[k] ?? k}: a query step only reads.`,
            loc,
            near,
          );
        this.select(q.SelectStmt as Node, inner, loc);
        inner.add(String(cte.ctename));
      }
    }
    for (const [key, value] of Object.entries(s)) {
      if (key === 'withClause' || key === 'intoClause' || key === 'lockingClause') continue;
      this.any(value, inner, near);
    }
  }

  any(v: unknown, scope: ReadonlySet<string>, near: number): void {
    if (Array.isArray(v)) {
      for (const x of v) this.any(x, scope, near);
      return;
    }
    if (!v || typeof v !== 'object') return;
    const o = v as Node;
    const here = typeof o.location === 'number' && o.location >= 0 ? o.location : near;
    for (const [key, value] of Object.entries(o)) {
      if (/^[A-Z]/.test(key) && value && typeof value === 'object' && !Array.isArray(value))
        this.node(key, value as Node, scope, here);
      else this.any(value, scope, here);
    }
  }

  node(kind: string, n: Node, scope: ReadonlySet<string>, near: number): void {
    const loc = typeof n.location === 'number' && n.location >= 0 ? n.location : near;
    if (WRITES.has(kind))
      this.refuse(`${STATEMENT_NAMES[kind]} writes: not allowed here.`, loc, near);
    if (kind === 'ParamRef')
      this.refuse('Parameters ($1, $2…) are not allowed: write the values.', loc, near);
    if (!NODES.has(kind))
      this.refuse(`This SQL feature (${kind}) is not allowed in a query step.`, loc, near);
    switch (kind) {
      case 'SelectStmt':
        return this.select(n, scope, loc);
      case 'RangeVar':
        return this.relation(n, scope, loc);
      case 'FuncCall':
        this.func(n, loc);
        break;
      case 'TypeCast':
        this.type(n.typeName as Node, loc);
        break;
      case 'SQLValueFunction':
        if (!TIME_VALUES.has(String(n.op)))
          this.refuse(
            'Only the current date and time are allowed here (not the user, role or schema).',
            loc,
            near,
          );
        break;
      case 'A_Expr': {
        const name = n.name as Node[] | undefined;
        if (name && name.length > 1)
          this.refuse(
            'Schema-qualified operators (OPERATOR(schema.op)) are not allowed.',
            loc,
            near,
          );
        break;
      }
    }
    this.any(n, scope, loc);
  }

  relation(n: Node, scope: ReadonlySet<string>, loc: number): void {
    const name = String(n.relname);
    if (n.schemaname || n.catalogname)
      this.refuse(
        `“${[n.catalogname, n.schemaname, name].filter(Boolean).join('.')}” is in another schema: a query step reads only “${PREVIOUS}”.`,
        loc,
        loc,
      );
    if (name === PREVIOUS || scope.has(name)) return;
    if (/^(pg_|information_schema)/.test(name))
      this.refuse(
        `“${name}” is a system catalog: a query step reads only “${PREVIOUS}”.`,
        loc,
        loc,
      );
    this.refuse(
      `There is no “${name}” here: a query step reads only “${PREVIOUS}” (the previous step’s rows) and its own WITH queries.`,
      loc,
      loc,
    );
  }

  func(n: Node, loc: number): void {
    const names = ((n.funcname as Node[]) ?? []).map((x) => String((x.String as Node)?.sval));
    const name = names[names.length - 1] ?? '';
    const sqlSyntax = n.funcformat === 'COERCE_SQL_SYNTAX';
    if (names.length > 1 && !(sqlSyntax && names[0] === 'pg_catalog' && SQL_SYNTAX.has(name)))
      this.refuse(
        `“${names.join('.')}”: schema-qualified functions are not allowed; write the function’s name alone.`,
        loc,
        loc,
      );
    if (!FUNCTIONS.has(name) && !(sqlSyntax && SQL_SYNTAX.has(name)))
      this.refuse(
        `The function “${name}” is not allowed in a query step (only ordinary text, number, date, aggregate and window functions are).`,
        loc,
        loc,
      );
  }

  type(t: Node | undefined, loc: number): void {
    const names = ((t?.names as Node[]) ?? []).map((x) => String((x.String as Node)?.sval));
    const name = names[names.length - 1] ?? '';
    const schemaOk = names.length === 1 || (names.length === 2 && names[0] === 'pg_catalog');
    if (!schemaOk || !TYPES.has(name))
      this.refuse(
        `Casting to “${names.join('.')}” is not allowed (cast to text, a number, a boolean, a date, a time or an interval).`,
        (t?.location as number | undefined) ?? loc,
        loc,
      );
  }
}
