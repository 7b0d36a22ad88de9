import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { freshDatabase } from '../../../../test/helpers/database.js';
import type { Database } from '../../platform/db/client.js';
import { periodKeyOf } from '../../../shared/metrics/periods.js';
import { periodSql } from './bound-rows.js';

/** The SQL period of a date (bound data points) is the TS one (manual entries, validation, labels). */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const KINDS = ['monthly', 'quarterly', 'annual', 'fiscal_quarterly', 'fiscal_annual'] as const;
const sample = fc.record({
  kind: fc.constantFrom(...KINDS),
  startMonth: fc.integer({ min: 1, max: 12 }),
  date: fc
    .date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
});

async function sqlKeys(samples: ReadonlyArray<{ kind: string; startMonth: number; date: string }>) {
  const cols = samples.map(
    (s, i) =>
      sql`${periodSql(
        { period: s.kind, customPeriods: [], fiscalStartMonth: s.startMonth },
        sql`${s.date}::date`,
      )} AS ${sql.raw(`k${i}`)}`,
  );
  const r = (await database.db.execute(sql`SELECT ${sql.join(cols, sql`, `)}`)) as unknown as {
    rows: Array<Record<string, string>>;
  };
  return samples.map((_, i) => r.rows[0][`k${i}`]);
}

describe('period keys in SQL and TS', () => {
  it('agree on random dates, kinds and fiscal start months (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sample, { minLength: 1, maxLength: 40 }), async (samples) => {
        const got = await sqlKeys(samples);
        expect(got).toEqual(samples.map((s) => periodKeyOf(s.kind, s.date, s.startMonth)));
      }),
      { numRuns: 40 },
    );
  });

  it('agree at fiscal month boundaries', async () => {
    const samples = [
      { kind: 'fiscal_quarterly', startMonth: 7, date: '2026-06-30' },
      { kind: 'fiscal_quarterly', startMonth: 7, date: '2026-07-01' },
      { kind: 'fiscal_annual', startMonth: 7, date: '2027-06-30' },
      { kind: 'fiscal_annual', startMonth: 1, date: '2026-12-31' },
      { kind: 'fiscal_quarterly', startMonth: 12, date: '2025-12-01' },
      { kind: 'fiscal_quarterly', startMonth: 4, date: '2024-02-29' },
    ] as const;
    expect(await sqlKeys(samples)).toEqual([
      'FY2026-Q4',
      'FY2027-Q1',
      'FY2027',
      'FY2026',
      'FY2026-Q1',
      'FY2024-Q4',
    ]);
  });
});
