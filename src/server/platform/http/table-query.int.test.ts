import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { auditLogs } from '../audit/audit.tables.js';
import { tableQuery, type TableSpec } from './table-query.js';

let t: TestApp;
const TEAM = 'team-table-query';
const OTHER = 'team-other';

const spec = (): TableSpec<{
  id: typeof auditLogs.id;
  action: typeof auditLogs.action;
  subjectLabel: typeof auditLogs.subjectLabel;
  createdAt: typeof auditLogs.createdAt;
}> => ({
  select: {
    id: auditLogs.id,
    action: auditLogs.action,
    subjectLabel: auditLogs.subjectLabel,
    createdAt: auditLogs.createdAt,
  },
  from: auditLogs,
  where: eq(auditLogs.teamId, TEAM),
  searchable: [auditLogs.action, auditLogs.subjectLabel],
  sortable: { action: auditLogs.action, createdAt: auditLogs.createdAt },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  tiebreak: auditLogs.id,
});

beforeAll(async () => {
  t = await createTestApp();
  const base = Date.parse('2026-01-01T00:00:00Z');
  const rows = Array.from({ length: 27 }, (_, i) => ({
    teamId: TEAM,
    action: `item.${String(i).padStart(2, '0')}`,
    subjectLabel: i === 3 ? '50% off_sale' : i === 4 ? '50 percent offxsale' : `Subject ${i}`,
    createdAt: new Date(base + i * 60_000),
  }));
  rows.push({
    teamId: OTHER,
    action: 'item.secret',
    subjectLabel: 'Subject other team',
    createdAt: new Date(base),
  });
  await t.app.ctx.db.insert(auditLogs).values(rows);
});
afterAll(() => t.close());

describe('tableQuery against audit_logs', () => {
  it('pages with the default sort and counts only the scoped rows', async () => {
    const res = await tableQuery(t.app.ctx.db, {}, spec());
    expect(res).toMatchObject({
      total: 27,
      page: 1,
      perPage: 10,
      sort: 'createdAt',
      dir: 'desc',
      search: '',
    });
    expect(res.rows).toHaveLength(10);
    expect(res.rows[0].action).toBe('item.26');
    expect(res.rows.every((r) => r.action !== 'item.secret')).toBe(true);
  });

  it('applies limit/offset and sort direction', async () => {
    const res = await tableQuery(
      t.app.ctx.db,
      { page: '3', perPage: '10', sort: 'action', dir: 'asc' },
      spec(),
    );
    expect(res.rows.map((r) => r.action)).toEqual([
      'item.20',
      'item.21',
      'item.22',
      'item.23',
      'item.24',
      'item.25',
      'item.26',
    ]);
    expect(res.page).toBe(3);
  });

  it('clamps a page past the end to the last page', async () => {
    const res = await tableQuery(t.app.ctx.db, { page: '99', perPage: '25' }, spec());
    expect(res.page).toBe(2);
    expect(res.rows).toHaveLength(2);
  });

  it('orders ties by each tiebreak column in turn, in the sort direction', async () => {
    // every row has the same team: the order comes from the tiebreaks alone
    const tied = {
      ...spec(),
      sortable: { team: auditLogs.teamId },
      defaultSort: 'team',
      tiebreak: [auditLogs.createdAt, auditLogs.id],
    };
    const asc = await tableQuery(t.app.ctx.db, { sort: 'team', dir: 'asc', perPage: '25' }, tied);
    expect(asc.rows.slice(0, 3).map((r) => r.action)).toEqual(['item.00', 'item.01', 'item.02']);
    const desc = await tableQuery(t.app.ctx.db, { sort: 'team', dir: 'desc' }, tied);
    expect(desc.rows.slice(0, 3).map((r) => r.action)).toEqual(['item.26', 'item.25', 'item.24']);
  });

  it('ignores sort keys that are not whitelisted', async () => {
    const res = await tableQuery(t.app.ctx.db, { sort: 'ip', dir: 'asc' }, spec());
    expect(res.sort).toBe('createdAt');
    expect(res.dir).toBe('desc');
  });

  it('searches case-insensitively with every word required', async () => {
    const res = await tableQuery(t.app.ctx.db, { search: 'SUBJECT 1' }, spec());
    // "subject" in every label here, "1" in Subject 1, 10..19 and 21
    expect(res.total).toBe(12);
    const none = await tableQuery(t.app.ctx.db, { search: 'subject other' }, spec());
    expect(none.total).toBe(0);
    expect(none.rows).toEqual([]);
  });

  it('treats % and _ in the search literally', async () => {
    const pct = await tableQuery(t.app.ctx.db, { search: '50%' }, spec());
    expect(pct.rows.map((r) => r.subjectLabel)).toEqual(['50% off_sale']);
    const us = await tableQuery(t.app.ctx.db, { search: 'off_sale' }, spec());
    expect(us.rows.map((r) => r.subjectLabel)).toEqual(['50% off_sale']);
    const bs = await tableQuery(t.app.ctx.db, { search: '\\' }, spec());
    expect(bs.total).toBe(0);
  });
});
