import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import { projects } from '../projects/read-model.js';
import { problems, tocElements } from '../problems/read-model.js';
import { datasetColumns, datasetVersions, datasets } from '../datasets/datasets.tables.js';
import { metricValues, metrics } from './metrics.tables.js';
import { keyMetricsFor } from './index.js';

/** Fiscal reporting periods: keys from the fiscal start month the metric snapshots. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setup() {
  const { user, client } = await signedInUser(t.app);
  const team = await createTeamFor(t.app, user.id);
  const db = t.app.ctx.db;
  const teamId = team.id;
  const [project] = await db.insert(projects).values({ teamId, name: 'Water' }).returning();
  const [problem] = await db
    .insert(problems)
    .values({ teamId, projectId: project.id, title: 'No clean water' })
    .returning();
  const [element] = await db
    .insert(tocElements)
    .values({ teamId, problemId: problem.id, kind: 'output', title: 'Wells built' })
    .returning();
  return { client, team, project, element };
}
type S = Awaited<ReturnType<typeof setup>>;

const general = (s: S, fiscalYearStartMonth: number) =>
  s.client.put('/settings/general', {
    language: 'en',
    timezone: 'UTC',
    fiscalYearStartMonth: String(fiscalYearStartMonth),
    retentionDays: '30',
  });

/** A dataset of the project: liters (decimal) on a date `on`. */
async function dataset(s: S, rows: Array<[number, string]>) {
  const db = t.app.ctx.db;
  const teamId = s.team.id;
  const [d] = await db
    .insert(datasets)
    .values({ teamId, projectId: s.project.id, name: 'Deliveries', origin: 'upload' })
    .returning();
  const versionId = randomUUID();
  const relation = `v_${versionId.replace(/-/g, '')}`;
  await db.insert(datasetVersions).values({
    id: versionId,
    teamId,
    datasetId: d.id,
    number: 1,
    status: 'ready',
    relation,
    rowCount: rows.length,
  });
  await db.insert(datasetColumns).values([
    {
      teamId,
      versionId,
      key: 'liters',
      label: 'Liters',
      type: 'decimal',
      position: 0,
      physical: 'c1',
    },
    { teamId, versionId, key: 'on', label: 'On', type: 'date', position: 1, physical: 'c2' },
  ]);
  await db.execute(
    sql.raw(`CREATE TABLE ds."${relation}" (_row bigint PRIMARY KEY, c1 numeric, c2 date)`),
  );
  for (const [i, [a, on]] of rows.entries())
    await db.execute(
      sql`INSERT INTO ${sql.raw(`ds."${relation}"`)} VALUES (${i + 1}, ${a}, ${on}::date)`,
    );
  await db.update(datasets).set({ currentVersionId: versionId }).where(eq(datasets.id, d.id));
  return d;
}

describe('fiscal reporting periods', () => {
  it('put bound rows and entered values in FY periods; a later team setting changes nothing', async () => {
    const s = await setup();
    expect((await general(s, 7)).statusCode).toBe(303);
    // sum(delivered, pledged): delivered from the dataset by date, pledged entered per period
    const res = await s.client.post(`/elements/${s.element.id}/metrics`, {
      name: 'Liters of water',
      type: 'number',
      period: 'fiscal_quarterly',
      periodStart: '2026-07-01',
      periodEnd: '2027-06-30',
      formula: 'sum(delivered, pledged)',
    });
    expect(res.statusCode, res.body).toBe(303);
    const id = res.headers.location!.split('/').pop()!;
    const url = `/metrics/${id}`;
    let page = await s.client.page(url);
    expect(page.props.metric).toMatchObject({ period: 'fiscal_quarterly', fiscalStartMonth: 7 });
    expect(page.props.periods).toEqual([
      { key: 'FY2027-Q1', label: 'FY2027 Q1 (Jul–Sep 2026)' },
      { key: 'FY2027-Q2', label: 'FY2027 Q2 (Oct–Dec 2026)' },
      { key: 'FY2027-Q3', label: 'FY2027 Q3 (Jan–Mar 2027)' },
      { key: 'FY2027-Q4', label: 'FY2027 Q4 (Apr–Jun 2027)' },
    ]);
    const dps = page.props.dataPoints as Array<{ id: string; key: string }>;
    const delivered = dps.find((d) => d.key === 'delivered')!.id;
    const pledged = dps.find((d) => d.key === 'pledged')!.id;

    // a calendar key is refused on the period field; a fiscal one is taken
    await s.client.post(
      url + '/values',
      { dataPointId: pledged, period: '2026-Q3', value: 1 },
      {
        referer: `http://localhost${url}`,
      },
    );
    expect((await s.client.page(url)).props.errors.period).toMatch(/fiscal quarter like FY2027-Q1/);
    // (the formula's sum needs both data points in a period)
    for (const [period, value] of [
      ['FY2027-Q1', 1],
      ['FY2027-Q2', 100],
      ['FY2027-Q4', 2],
    ] as const) {
      const v = await s.client.post(`${url}/values`, { dataPointId: pledged, period, value });
      expect(v.headers.location).toBe(url);
    }

    const d = await dataset(s, [
      [10, '2026-06-30'], // FY2026-Q4: outside the range
      [20, '2026-07-01'], // FY2027-Q1
      [30, '2026-09-30'], // FY2027-Q1
      [40, '2026-10-01'], // FY2027-Q2
      [50, '2027-06-30'], // FY2027-Q4
    ]);
    const b = await s.client.put(
      `/data-points/${delivered}/binding`,
      { kind: 'dataset_column', datasetId: d.id, columnKey: 'liters', periodKey: 'on' },
      { referer: `http://localhost/data-points/${delivered}` },
    );
    expect(b.statusCode, b.body).toBe(303);
    expect((await s.client.page(`/data-points/${delivered}`)).props.errors).toEqual({});
    await t.app.ctx.db.execute(
      sql`UPDATE data_points SET aggregation = 'sum' WHERE id = ${delivered}`,
    );

    const actuals = async () => {
      page = await s.client.page(url);
      const series = page.props.series as Array<{
        period: string;
        label: string;
        actual: number | null;
      }>;
      return Object.fromEntries(series.map((p) => [p.period, p.actual]));
    };
    const before = await actuals();
    expect(before).toEqual({
      'FY2027-Q1': 51,
      'FY2027-Q2': 140,
      'FY2027-Q3': null,
      'FY2027-Q4': 52,
    });
    const km = await keyMetricsFor(t.app.ctx, s.team.id, { projectId: s.project.id });
    expect(km[0]).toMatchObject({ latestLabel: 'FY2027 Q4 (Apr–Jun 2027)' });

    // insights (and the IPTT built from them) list and filter the FY periods: FY2027-Q2 is Oct-Dec 2026
    const ins = (await s.client.page(`/projects/${s.project.id}/insights?from=2026-Q4&to=2026-Q4`))
      .props.insights as {
      periodOptions: Array<{ value: string; label: string }>;
      metrics: Array<{ periods: Array<{ period: string; label: string }> }>;
    };
    expect(ins.periodOptions[0]).toEqual({ value: 'FY2027-Q1', label: 'FY2027 Q1 (Jul–Sep 2026)' });
    expect(ins.metrics[0].periods.map((p) => p.label)).toEqual(['FY2027 Q2 (Oct–Dec 2026)']);

    // the team moves its fiscal year to January: this metric keeps July and its keys
    expect((await general(s, 1)).statusCode).toBe(303);
    expect(await actuals()).toEqual(before);
    expect(page.props.metric.fiscalStartMonth).toBe(7);
    // an edit that keeps fiscal periods keeps the snapshot
    await s.client.put(url, { name: 'Liters delivered' });
    const [row] = await t.app.ctx.db.select().from(metrics).where(eq(metrics.id, id));
    expect(row).toMatchObject({ name: 'Liters delivered', fiscalStartMonth: 7 });
    const values = await t.app.ctx.db
      .select({ period: metricValues.period })
      .from(metricValues)
      .where(eq(metricValues.metricId, id))
      .orderBy(metricValues.period);
    expect(values.map((x) => x.period)).toEqual(['FY2027-Q1', 'FY2027-Q2', 'FY2027-Q4']);

    // a new fiscal metric takes the setting of now: January = the calendar year
    const res2 = await s.client.post(`/elements/${s.element.id}/metrics`, {
      name: 'Wells',
      period: 'fiscal_annual',
      periodStart: '2026-01-01',
      periodEnd: '2027-12-31',
    });
    const id2 = res2.headers.location!.split('/').pop()!;
    const p2 = await s.client.page(`/metrics/${id2}`);
    expect(p2.props.metric.fiscalStartMonth).toBe(1);
    expect(p2.props.periods).toEqual([
      { key: 'FY2026', label: 'FY2026 (Jan–Dec 2026)' },
      { key: 'FY2027', label: 'FY2027 (Jan–Dec 2027)' },
    ]);
    // switching to calendar periods drops the snapshot
    await s.client.put(`/metrics/${id2}`, { period: 'annual' });
    expect((await s.client.page(`/metrics/${id2}`)).props.metric.fiscalStartMonth).toBeNull();
  });
});
