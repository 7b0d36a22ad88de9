import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.js';
import { freshDatabase } from '../../../../test/helpers/database.js';
import { stepSchema, type Step } from '../../../shared/transformations/steps.js';
import { rowsSelect, runSelect, type RecipeSource } from './transformations.compile.js';
import { compileWithQueries, QUERY_COST_LIMIT } from './transformations.query.js';
import { toDrizzle } from './transformations.sql.js';

/*
 * The query step on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a list of
 * hostile queries, each refused with its own message, and ordinary queries that run.
 */
let database: Database;
const REL = 'ds.v_00000000000000000000000000000002';
beforeAll(async () => {
  database = await freshDatabase();
  await database.exec(
    `CREATE TABLE ${REL} (_row bigint PRIMARY KEY, c1 text, c2 bigint, c3 numeric);
     INSERT INTO ${REL} VALUES (1, 'North', 10, 1.5), (2, 'South', 20, NULL), (3, 'North', NULL, 2.5),
       (4, 'East', 40, 4), (5, 'North', 50, 0.5);
     CREATE TABLE public.secret_notes (id int, note text);`,
  );
});
afterAll(() => database.close());

const SOURCE: RecipeSource = {
  relation: `ds."v_00000000000000000000000000000002"`,
  columns: [
    { key: 'village', label: 'Village', type: 'text', physical: 'c1' },
    { key: 'n', label: 'N', type: 'integer', physical: 'c2' },
    { key: 'x', label: 'X', type: 'decimal', physical: 'c3' },
  ],
};

const query = (text: string, id = 'q1'): Step =>
  stepSchema.parse({ id, enabled: true, kind: 'query', sql: text });

async function compile(steps: Step[], sample?: number) {
  return compileWithQueries(database.db, SOURCE, steps, sample ? { sample } : {});
}

async function rowsOf(steps: Step[]) {
  const c = await compile(steps);
  if (c.error) throw new Error(c.error.message);
  const r = (await database.db.execute(
    toDrizzle(rowsSelect(c, c.stages.length, 100), c.params.values),
  )) as unknown as { rows: Array<Record<string, string | null>> };
  return r.rows.map((row) => Object.fromEntries(c.cols.map((col) => [col.key, row[col.ident]])));
}

/** [the query, a fragment of the message it is refused with] */
const HOSTILE: Array<[string, RegExp]> = [
  ['WITH d AS (DELETE FROM previous RETURNING *) SELECT * FROM d', /“d” is a DELETE/],
  ['WITH i AS (INSERT INTO secret_notes VALUES (1, $$x$$) RETURNING *) SELECT 1', /is an INSERT/],
  ['WITH u AS (UPDATE secret_notes SET note = null RETURNING *) SELECT 1', /is an UPDATE/],
  ["SELECT pg_read_file('/etc/passwd')", /function “pg_read_file” is not allowed/],
  ["SELECT * FROM dblink('host=x', 'select 1') AS t(a int)", /function “dblink” is not allowed/],
  ['SELECT * FROM public.secret_notes', /“public.secret_notes” is in another schema/],
  ['SELECT * FROM secret_notes', /There is no “secret_notes” here/],
  ['SELECT * FROM information_schema.tables', /“information_schema.tables” is in another schema/],
  ['SELECT * FROM pg_class', /“pg_class” is a system catalog/],
  ['SELECT * FROM pg_catalog.pg_authid', /in another schema/],
  ['SELECT pg_sleep(100)', /function “pg_sleep” is not allowed/],
  ['SELECT 1; SELECT 2', /One statement only: this text holds 2/],
  ['SELECT 1 /* hidden */; DROP TABLE secret_notes', /One statement only/],
  ['SELECT 1 -- ok\n; DELETE FROM previous', /One statement only/],
  ["COPY (SELECT 1) TO '/tmp/x'", /this is a COPY/],
  ["SET statement_timeout = '0'", /this is a SET/],
  ['DO $$ BEGIN PERFORM pg_sleep(10); END $$', /this is a DO block/],
  ['SELECT * INTO stolen FROM previous', /SELECT INTO creates a table/],
  ['SELECT * FROM previous FOR UPDATE', /FOR UPDATE \/ FOR SHARE lock rows/],
  ['SELECT pg_catalog.lower(village) FROM previous', /schema-qualified functions are not allowed/],
  [
    'SELECT n, generate_series(1, 1000000000) FROM previous',
    /function “generate_series” is not allowed/,
  ],
  ['SELECT * FROM generate_series(1, 100000000000) g', /function “generate_series” is not allowed/],
  ["SELECT set_config('x', 'y', false)", /function “set_config” is not allowed/],
  ["SELECT current_setting('data_directory')", /function “current_setting” is not allowed/],
  ["SELECT pg_ls_dir('.')", /function “pg_ls_dir” is not allowed/],
  ['SELECT lo_import($$/etc/passwd$$)', /function “lo_import” is not allowed/],
  ['SELECT current_user', /Only the current date and time/],
  ["SELECT 'pg_authid'::regclass", /Casting to “regclass” is not allowed/],
  ['SELECT $1', /Parameters \(\$1, \$2…\) are not allowed/],
  [
    'WITH RECURSIVE r(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM r) SELECT * FROM r',
    /WITH RECURSIVE is not allowed/,
  ],
  ['SELECT * FROM previous WHERE n IN (SELECT id FROM secret_notes)', /There is no “secret_notes”/],
  ['SELECT (SELECT count(*) FROM pg_stat_activity)', /“pg_stat_activity” is a system catalog/],
  ['EXPLAIN ANALYZE SELECT 1', /this is an EXPLAIN/],
  [
    'SELECT * FROM (WITH pg_user AS (SELECT 1) SELECT * FROM pg_user) a, pg_user',
    /“pg_user” is a system catalog/,
  ],
  ['SELECT 1 OPERATOR(pg_catalog.+) 1', /Schema-qualified operators/],
  ['SELECT * FROM previous TABLESAMPLE SYSTEM (1)', /This SQL feature \(RangeTableSample\)/],
  ['SELECT FROM WHERE', /PostgreSQL cannot read this: syntax error/],
  ['SELECT * FROM previous a, previous b, previous c, previous d, previous e', /too costly/],
];

describe('the query step refuses hostile SQL, each with its own message', () => {
  it.each(HOSTILE)('%s', async (text, message) => {
    const c = await compile([query(text)], 1000);
    expect(c.error?.field).toBe('sql');
    expect(c.error?.message).toMatch(message);
    // nothing was written, and the other table is still there
    const r = (await database.db.execute(
      sql.raw('SELECT count(*) AS n FROM public.secret_notes'),
    )) as unknown as { rows: Array<{ n: unknown }> };
    expect(Number(r.rows[0].n)).toBe(0);
  });

  it('has at least 25 entries, and the cost limit is documented', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(25);
    expect(QUERY_COST_LIMIT).toBe(10_000_000);
  });

  it('points at the character a refusal or a database error is about', async () => {
    expect(
      (await compile([query('SELECT village,\n  pg_sleep(1) FROM previous')])).error?.message,
    ).toMatch(/\(at character 19\)$/);
    const c = await compile([query('SELECT villag FROM previous')]);
    expect(c.error?.message).toMatch(/column "villag" does not exist \(at character 8\)/);
  });
});

describe('ordinary queries run, and the next steps see their columns', () => {
  it('GROUP BY with aggregates', async () => {
    const rows = await rowsOf([
      query(
        'SELECT village, count(*) AS people, sum(n) AS total FROM previous GROUP BY village ORDER BY village',
      ),
    ]);
    expect(rows).toEqual([
      { village: 'East', people: '1', total: '40' },
      { village: 'North', people: '3', total: '60' },
      { village: 'South', people: '1', total: '20' },
    ]);
  });

  it('window functions, CASE, a CTE inside the step, keeping _row (lineage)', async () => {
    const steps = [
      query(`WITH big AS (SELECT * FROM previous WHERE coalesce(n, 0) >= 10)
SELECT _row, village,
  CASE WHEN n >= 30 THEN 'high' ELSE 'low' END AS level,
  rank() OVER (PARTITION BY village ORDER BY n DESC) AS place,
  extract(year FROM date '2024-03-01') AS y
FROM big;`),
      stepSchema.parse({ id: 'f', enabled: true, kind: 'filter', expression: "${level} = 'high'" }),
    ];
    const c = await compile(steps);
    expect(c.error).toBeNull();
    expect(c.cols.map((x) => [x.key, x.type])).toEqual([
      ['village', 'text'],
      ['level', 'text'],
      ['place', 'integer'],
      ['y', 'decimal'],
    ]);
    const r = (await database.db.execute(toDrizzle(runSelect(c), c.params.values))) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    expect(r.rows.map((x) => [Number(x._source_row), x[c.cols[0].ident]])).toEqual([
      [4, 'East'],
      [5, 'North'],
    ]);
  });

  it('two query steps each read their own previous step; without _row rows have no source row', async () => {
    const c = await compile([
      query('SELECT village, n * 2 AS doubled FROM previous WHERE n IS NOT NULL'),
      query(
        'SELECT village, max(doubled) AS top FROM previous GROUP BY village ORDER BY top DESC',
        'q2',
      ),
    ]);
    expect(c.error).toBeNull();
    const r = (await database.db.execute(toDrizzle(runSelect(c), c.params.values))) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    expect(
      r.rows.map((x) => [x._source_row, x[c.cols[0].ident], Number(x[c.cols[1].ident])]),
    ).toEqual([
      [null, 'North', 100],
      [null, 'East', 80],
      [null, 'South', 40],
    ]);
  });

  it('a step after a changed column list is recompiled on the new columns', async () => {
    const c = await compile([
      stepSchema.parse({
        id: 'd',
        enabled: true,
        kind: 'derive',
        label: 'Twice',
        expression: '${n} * 2',
      }),
      query('SELECT twice FROM previous WHERE twice > 50'),
    ]);
    expect(c.error).toBeNull();
    expect(c.cols.map((x) => x.key)).toEqual(['twice']);
  });
});
