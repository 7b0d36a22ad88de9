import { beforeAll, describe, expect, it } from 'vitest';
import type { DatasetRowsPage } from '../../../shared/datasets/datasets.pages.js';
import { sourcesWorld, appWithDataDir } from '../sources/test-support.js';
import { sql } from 'drizzle-orm';
import { ensureSortIndex } from './datasets.target.js';
import { seedDataset } from './test-support.js';

const t = appWithDataDir();
let w: Awaited<ReturnType<typeof sourcesWorld>>;
let datasetId: string;
let relation: string;
const N = 1000;
const REGIONS = ['North', 'South', 'East'];

/** The generated rows, as the test expects them back */
const gen = (i: number) => ({
  _row: i,
  name: i % 50 === 0 ? null : `Person ${i}`,
  age: i % 10 === 3 ? null : (i * 7) % 100,
  amount: `${i % 20}.5`,
  joined: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
  region: i % 100 === 7 ? null : REGIONS[i % 3],
  member: i % 2 === 1,
});
const all = Array.from({ length: N }, (_, k) => gen(k + 1));
type Gen = ReturnType<typeof gen>;

beforeAll(async () => {
  w = await sourcesWorld(t.app);
  ({ datasetId, relation } = await seedDataset(
    t.app.ctx,
    { teamId: w.team.id, userId: w.owner.id, projectId: w.project.id },
    {
      name: 'Generated',
      n: N,
      columns: [
        { key: 'name', label: 'Name', type: 'text', sourceColumn: 'name' },
        { key: 'age', label: 'Age', type: 'integer', sourceColumn: 'age' },
        { key: 'amount', label: 'Amount', type: 'decimal', sourceColumn: 'amount' },
        { key: 'joined', label: 'Joined', type: 'date', sourceColumn: 'joined' },
        { key: 'region', label: 'Region', type: 'category', sourceColumn: 'region' },
        { key: 'member', label: 'Member', type: 'boolean', sourceColumn: 'member' },
      ],
      row: (i) => {
        const g = gen(i);
        return [
          g.name,
          g.age === null ? null : String(g.age),
          g.amount,
          g.joined,
          g.region,
          String(g.member),
        ];
      },
    },
  ));
});

const json = { accept: 'application/json' };
const get = (q: Record<string, string | number | undefined>, id = datasetId, client = w.client) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) p.set(k, String(v));
  return client.request('GET', `/datasets/${id}/rows?${p}`, undefined, json, false);
};
const page = async (q: Record<string, string | number | undefined>) => {
  const res = await get(q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DatasetRowsPage;
};
const F = (...filters: unknown[]) => JSON.stringify(filters);
const rowsOf = (p: DatasetRowsPage) => p.rows.map((r) => r._row);

/** The expected order: the column's values (nulls last both ways), ties by _row in the same direction */
function sorted(rows: Gen[], key: 'age' | 'name', dir: 'asc' | 'desc') {
  const s = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [x, y] = [a[key], b[key]];
    if (x === null || y === null) return x === y ? s * (a._row - b._row) : x === null ? 1 : -1;
    if (x !== y) return s * (x < y ? -1 : 1);
    return s * (a._row - b._row);
  });
}

/** Every page of a sorted query, following the cursors */
async function walk(q: Record<string, string | undefined>, limit: number) {
  const seen: number[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const p = await page({ ...q, limit, cursor });
    seen.push(...rowsOf(p));
    if (p.cursor === null) break;
    cursor = p.cursor;
  }
  return seen;
}

describe('datasets.rows for the datagrid', () => {
  it('jumps to the last rows of a table by _row, and counts them', async () => {
    const p = await page({ offset: 990, limit: 20, count: 1 });
    expect(rowsOf(p)).toEqual([991, 992, 993, 994, 995, 996, 997, 998, 999, 1000]);
    expect(p.next).toBeNull();
    expect(p.total).toBe(N);
    expect(p.rows[9].values).toEqual({
      name: null,
      age: 0,
      amount: '0.5',
      joined: '2026-01-21',
      region: 'South', // 1000 % 3 = 1
      member: false,
    });
  });

  it('pages a sort by keyset on (value, _row), empty values last, both directions', async () => {
    const first = await page({ sort: 'age', dir: 'asc', limit: 3 });
    expect(rowsOf(first)).toEqual([100, 200, 300]); // age 0
    expect(first.cursor).toBe(JSON.stringify(['0', 300]));
    for (const dir of ['asc', 'desc'] as const)
      expect(await walk({ sort: 'age', dir }, 97)).toEqual(
        sorted(all, 'age', dir).map((r) => r._row),
      );
    const names = await walk({ sort: 'name', dir: 'desc' }, 250);
    expect(names).toEqual(sorted(all, 'name', 'desc').map((r) => r._row));
    expect(names.slice(-20)).toEqual([
      1000, 950, 900, 850, 800, 750, 700, 650, 600, 550, 500, 450, 400, 350, 300, 250, 200, 150,
      100, 50,
    ]);
  });

  it('a big version’s sort index on (column, _row) serves the same order', async () => {
    await ensureSortIndex(t.app.ctx.db, relation, 'c2');
    await ensureSortIndex(t.app.ctx.db, relation, 'c2'); // once is enough; again is a no-op
    const r = (await t.app.ctx.db.execute(
      sql`SELECT indexdef FROM pg_indexes WHERE schemaname = 'ds' AND tablename = ${relation} AND indexname = ${`${relation}_c2`}`,
    )) as unknown as { rows: Array<{ indexdef: string }> };
    expect(r.rows[0].indexdef).toMatch(/\(c2, _row\)/);
    for (const dir of ['asc', 'desc'] as const)
      expect(await walk({ sort: 'age', dir }, 250)).toEqual(
        sorted(all, 'age', dir).map((x) => x._row),
      );
  });

  it('a sorted and filtered walk, and jumps into it from either end', async () => {
    const filters = F({ column: 'region', op: 'in', value: ['North', 'South'] });
    const rows = all.filter((r) => r.region === 'North' || r.region === 'South');
    const expected = sorted(rows, 'age', 'desc').map((r) => r._row);
    expect(await walk({ sort: 'age', dir: 'desc', filters }, 101)).toEqual(expected);
    for (const offset of [40, 600]) {
      const p = await page({ sort: 'age', dir: 'desc', filters, offset, limit: 50, count: 1 });
      expect(p.total).toBe(rows.length);
      expect(rowsOf(p)).toEqual(expected.slice(offset, offset + 50));
    }
    const end = await page({
      sort: 'age',
      dir: 'desc',
      filters,
      offset: rows.length - 5,
      limit: 50,
    });
    expect(rowsOf(end)).toEqual(expected.slice(-5));
    expect(end.next).toBeNull();
  });

  it('filters per type: text, numeric and date ranges, categories, yes/no, empty', async () => {
    const count = async (...filters: unknown[]) =>
      (await page({ filters: F(...filters), limit: 1, count: 1 })).total;
    const expectCount = (pred: (r: Gen) => boolean) => all.filter(pred).length;
    // "son 1": Person 1, 10-19, 100-199 and 1000 - without the empty names (100, 150, 1000)
    expect(await count({ column: 'name', op: 'contains', value: 'son 1' })).toBe(1 + 10 + 100 - 2);
    expect(await count({ column: 'name', op: 'eq', value: 'Person 7' })).toBe(1);
    expect(await count({ column: 'name', op: 'contains', value: '%' })).toBe(0);
    expect(
      await count({ column: 'age', op: 'gte', value: 90 }, { column: 'age', op: 'lte', value: 95 }),
    ).toBe(expectCount((r) => r.age !== null && r.age >= 90 && r.age <= 95));
    expect(await count({ column: 'amount', op: 'gt', value: '18.5' })).toBe(50); // i % 20 = 19
    expect(
      await count(
        { column: 'joined', op: 'gte', value: '2026-01-10' },
        { column: 'joined', op: 'lte', value: '2026-01-12' },
      ),
    ).toBe(expectCount((r) => r.joined >= '2026-01-10' && r.joined <= '2026-01-12'));
    expect(await count({ column: 'region', op: 'in', value: ['East'] })).toBe(
      expectCount((r) => r.region === 'East'),
    );
    expect(await count({ column: 'region', op: 'empty' })).toBe(10); // 7, 107, ... 907
    expect(await count({ column: 'name', op: 'not_empty' })).toBe(980);
    expect(await count({ column: 'member', op: 'eq', value: 'true' })).toBe(500);
    // a filtered jump without a sort: from the end, by _row
    const north = all.filter((r) => r.region === 'North').map((r) => r._row);
    const p = await page({
      filters: F({ column: 'region', op: 'eq', value: 'North' }),
      offset: 300,
      limit: 10,
    });
    expect(rowsOf(p)).toEqual(north.slice(300, 310));
    // and by keyset after a known _row
    const k = await page({
      filters: F({ column: 'region', op: 'eq', value: 'North' }),
      after: 10,
      limit: 3,
    });
    expect(rowsOf(k)).toEqual([12, 15, 18]); // i % 3 = 0
  });

  it('bad filters, sorts and cursors are a 422 on their field, never SQL', async () => {
    const err = async (q: Record<string, string>) => {
      const res = await get(q);
      expect(res.statusCode, JSON.stringify(q)).toBe(422);
      return res.json().errors as Record<string, string>;
    };
    expect((await err({ filters: F({ column: 'c1', op: 'eq', value: 'x' }) })).filters).toMatch(
      /There is no column "c1"/,
    );
    expect(
      (await err({ filters: F({ column: 'joined', op: 'gte', value: '2026-13-45' }) })).filters,
    ).toMatch(/Joined/);
    expect((await err({ filters: F({ column: 'age', op: 'in', value: [] }) })).filters).toMatch(
      /1 to 100/,
    );
    expect(
      (await err({ filters: F({ column: 'name', op: 'like', value: 'x' }) }))['filters.0.op'],
    ).toMatch(/Invalid option/);
    expect((await err({ sort: '_row; drop table x' })).sort).toMatch(/There is no column/);
    expect((await err({ sort: 'age', cursor: '["1 OR 1=1", 3]' })).cursor).toBe(
      'The cursor is not valid.',
    );
    expect((await err({ sort: 'age', cursor: 'nope' })).cursor).toBeTruthy();
    expect((await err({ limit: '5000' })).limit).toBeTruthy();
  });

  it('the datagrid page: columns with their filter values; another team gets 404', async () => {
    const grid = await w.client.page(`/sources/${datasetId}/data`);
    expect(grid.component).toBe('survey-sources/datagrid');
    expect(grid.props.version).toEqual({ number: 1, rowCount: N });
    const byKey = Object.fromEntries(
      (
        grid.props.columns as Array<{ key: string; values: string[] | null; sortable: boolean }>
      ).map((c) => [c.key, c]),
    );
    expect(byKey.region.values).toEqual(['East', 'North', 'South']);
    expect(byKey.member.values).toEqual(['true', 'false']);
    expect(byKey.name).toMatchObject({ values: null, sortable: true });
    const other = await sourcesWorld(t.app);
    expect((await get({}, datasetId, other.client)).statusCode).toBe(404);
    const res = await other.client.request(
      'GET',
      `/sources/${datasetId}/data`,
      undefined,
      json,
      false,
    );
    expect(res.statusCode).toBe(404);
  });
});
