import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import type { InsightsData } from '../../../shared/insights/insights.js';
import type { DataPointRowsProps } from '../../../shared/metrics/bindings.js';
import { rowFiltersWorld } from './insights.filters.test-support.js';
import { figureDrill } from '../../../shared/insights/drill.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setup() {
  const { user, client } = await signedInUser(t.app);
  const team = await createTeamFor(t.app, user.id);
  return { client, ...(await rowFiltersWorld(t.app, team.id)) };
}
type S = Awaited<ReturnType<typeof setup>>;
const tab = async (s: S, query = '') =>
  (await s.client.page(`/problems/${s.problem.id}?tab=insights${query}`)).props
    .insights as InsightsData;
/** metric name -> its Q1 actual */
const q1 = (d: InsightsData) =>
  Object.fromEntries(
    d.metrics.map((m) => [m.name, m.periods.find((p) => p.period === '2026-Q1')?.actual]),
  );
const rowsPage = async (s: S, href: string) =>
  (await s.client.page(href)).props as unknown as DataPointRowsProps;
const drillHref = (d: InsightsData, name: string, query: string) => {
  const p = d.metrics.find((m) => m.name === name)!.periods.find((x) => x.period === '2026-Q1')!;
  expect(p.computed).toHaveLength(1);
  return { href: `/data-points/${p.computed[0].dataPointId}/rows?period=2026-Q1${query}`, p };
};

describe('insights row filters (wave, form, source, site)', () => {
  it('offers the waves, forms, sources and sites of the bound data points', async () => {
    const s = await setup();
    const d = await tab(s);
    expect(q1(d)).toEqual({
      'Households reached': 20,
      'Food distributed': 40,
      'Kits distributed': 3,
    });
    expect(d.metrics[0].status).toBe('on-track');
    expect(d.waveOptions.map((o) => o.value)).toEqual(['Baseline', 'Endline']);
    expect(d.formOptions).toEqual([
      { value: s.clinic.id, label: 'Clinic survey' },
      { value: s.school.id, label: 'School survey' },
    ]);
    expect(d.sourceOptions).toEqual([
      { value: s.food.id, label: 'Food ledger' },
      { value: s.kits.id, label: 'Kit ledger' },
    ]);
    expect(d.siteOptions.map((o) => o.value)).toEqual(['North', 'South']);
  });

  it('each filter recomputes the actuals from the rows it keeps', async () => {
    const s = await setup();
    const baseline = await tab(s, '&wave=Baseline');
    expect(q1(baseline)).toEqual({ 'Households reached': 14 });
    expect(baseline.hiddenByFilter).toBe(2);
    // the status is judged on the wave's figure: (14 - 0) / (20 - 0) = 0.7, at risk
    expect(baseline.metrics[0].status).toBe('at-risk');
    expect(q1(await tab(s, '&wave=Endline'))).toEqual({ 'Households reached': 6 });
    expect(q1(await tab(s, `&form=${s.clinic.id}`))).toEqual({ 'Households reached': 12 });
    expect(q1(await tab(s, `&form=${s.school.id}&wave=Baseline`))).toEqual({
      'Households reached': 6,
    });
    expect(q1(await tab(s, `&source=${s.food.id}`))).toEqual({ 'Food distributed': 40 });
    expect(q1(await tab(s, `&source=${s.kits.id}`))).toEqual({ 'Kits distributed': 3 });
    // site: the location category (case-insensitive match on the mapped question / column);
    // a slice of the population, so no status; Kits does not map its location: left out
    const north = await tab(s, '&site=North');
    expect(q1(north)).toEqual({ 'Households reached': 13, 'Food distributed': 10 });
    expect(north.metrics.every((m) => m.status === null)).toBe(true);
    expect(q1(await tab(s, '&site=South&wave=Endline'))).toEqual({ 'Households reached': 2 });
    // a site with no rows: the metric stays (its data point is in) with no actual
    expect(q1(await tab(s, '&site=East'))).toEqual({
      'Households reached': null,
      'Food distributed': null,
    });
    // a filter nothing matches leaves every metric out (the view says what to change)
    const none = await tab(s, '&wave=Midline&source=' + s.food.id);
    expect(none.metrics).toEqual([]);
    expect(none.hiddenByFilter).toBe(3);
    expect(none.filters).toMatchObject({ wave: 'Midline', source: s.food.id });
  });

  it('ignores malformed filter values (as if not given)', async () => {
    const s = await setup();
    const d = await tab(s, '&form=not-a-uuid&source=%3Cscript%3E&wave=' + 'x'.repeat(201));
    expect(d.filters).toMatchObject({ wave: null, form: null, source: null, site: null });
    expect(d.metrics).toHaveLength(3);
    const project = await s.client.page(`/projects/${s.project.id}/insights?wave=Endline`);
    expect(
      (project.props.insights as InsightsData).metrics.map((m) => [m.name, m.periods[0].actual]),
    ).toEqual([['Households reached', 6]]);
  });

  it('drills from a figure to the rows behind it, with the same filters', async () => {
    const s = await setup();
    const d = await tab(s, `&wave=Baseline&form=${s.clinic.id}`);
    const { href, p } = drillHref(d, 'Households reached', `&wave=Baseline&form=${s.clinic.id}`);
    expect(p.actual).toBe(8);
    const page = await rowsPage(s, href);
    expect(page.total).toBe(p.computed[0].rows);
    expect(page.figure).toBe(8);
    expect(page.rows.map((r) => [r.value, r.response?.wave, r.response?.formName])).toEqual([
      ['3', 'Baseline', 'Clinic survey'],
      ['5', 'Baseline', 'Clinic survey'],
    ]);
    expect(page.rows.reduce((n, r) => n + Number(r.value), 0)).toBe(p.actual);
    expect(page.filters.map((f) => f.label)).toEqual(['Wave: Baseline', 'Form: Clinic survey']);

    const north = await tab(s, '&site=North');
    const food = drillHref(north, 'Food distributed', '&site=North');
    const foodRows = await rowsPage(s, food.href);
    expect([foodRows.total, foodRows.figure, foodRows.rows.map((r) => r.value)]).toEqual([
      1,
      10,
      ['10'],
    ]);
    // a filter that leaves the data point out lists nothing and says so
    const out = await rowsPage(s, `${food.href.split('&')[0]}&wave=Baseline`);
    expect([out.filteredOut, out.total, out.figure]).toEqual([true, 0, null]);
  });

  it('a chart’s bar or point drills to its rows: period, category and filters in the URL', async () => {
    const s = await setup();
    const table = t.app.ctx.routes.clientTable();
    const d = await tab(s, '&wave=Baseline');
    const m = d.metrics.find((x) => x.name === 'Households reached')!;
    const i = m.periods.findIndex((p) => p.period === '2026-Q1');
    // the trend chart's point of the actuals (and the achievement bar: the same period here)
    const point = figureDrill(m.id, m.periods[i], '2026-Q1', d.filters, undefined, table);
    expect(point.kind).toBe('rows');
    const url = new URL(point.href, 'http://x');
    expect(url.pathname).toBe(`/data-points/${m.periods[i].computed[0].dataPointId}/rows`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ period: '2026-Q1', wave: 'Baseline' });
    const rows = await rowsPage(s, point.href);
    expect([rows.figure, rows.total]).toEqual([14, m.periods[i].computed[0].rows]);

    // the breakdown chart's bar of one category: its own data point, dimension and category
    const north = m.categories.find((c) => c.category === 'North')!;
    expect(north.actuals[i]).not.toBeNull();
    const bar = figureDrill(m.id, north.sources[i], '2026-Q1', d.filters, north, table);
    expect(Object.fromEntries(new URL(bar.href, 'http://x').searchParams)).toEqual({
      period: '2026-Q1',
      dimension: 'location',
      category: 'North',
      wave: 'Baseline',
    });
    const barRows = await rowsPage(s, bar.href);
    expect(barRows.category).toMatchObject({ dimension: 'location', category: 'North' });
    expect(barRows.figure).toBe(north.actuals[i]);
    expect(barRows.total).toBe(north.sources[i].computed[0].rows);
    expect(barRows.filters.map((f) => f.label)).toEqual(['Wave: Baseline']);

    // with a disaggregation filter on, a point drills to that category by default
    const dis = await tab(s, '&dis=location:South&wave=Endline');
    const sm = dis.metrics.find((x) => x.name === 'Households reached')!;
    const sp = sm.periods.find((p) => p.period === '2026-Q1')!;
    const southHref = figureDrill(sm.id, sp, sp.period, dis.filters, undefined, table).href;
    expect(new URL(southHref, 'http://x').searchParams.get('category')).toBe('South');
    expect((await rowsPage(s, southHref)).figure).toBe(sp.actual);
  });

  it('another team’s insights and rows are a 404', async () => {
    const s = await setup();
    const other = await setup();
    const d = await tab(s);
    const { href } = drillHref(d, 'Food distributed', `&source=${s.food.id}`);
    expect((await other.client.get(href)).statusCode).toBe(404);
    expect(
      (await other.client.get(`/projects/${s.project.id}/insights?wave=Baseline`)).statusCode,
    ).toBe(404);
    // another team's form or dataset as a filter value matches nothing of ours
    expect((await tab(other, `&source=${s.food.id}`)).metrics).toEqual([]);
  });
});

describe('insights row filters under hostile query strings', () => {
  it('answer 200 (the tab, the project page, the rows page) whatever the values', async () => {
    const s = await setup();
    const d = await tab(s);
    const rowsHref = `/data-points/${d.metrics[0].periods[0].computed[0].dataPointId}/rows?period=2026-Q1`;
    const value = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constantFrom("'; drop table x;--", '%00', s.food.id, 'Baseline'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({ wave: value, form: value, source: value, site: value }),
        async (q) => {
          const qs = `&${new URLSearchParams(q).toString()}`;
          for (const url of [
            `/problems/${s.problem.id}?tab=insights${qs}`,
            `/projects/${s.project.id}/insights?x=1${qs}`,
            `${rowsHref}${qs}`,
          ])
            expect((await s.client.get(url)).statusCode).toBe(200);
        },
      ),
      { numRuns: 15 },
    );
  });
});
