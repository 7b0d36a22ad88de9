import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { datasets } from '../datasets/read-model.js';
import { formResponses } from './forms.tables.js';
import { formsTestKit } from './test-support.js';

/** A form's responses as a dataset (origin 'form'): a live view read by the datasets routes. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { setup, newForm, add, publish, openToken, publicClient, submit } = formsTestKit(() => t);

const datasetOf = async (formId: string) =>
  (
    await t.app.ctx.db
      .select()
      .from(datasets)
      .where(and(eq(datasets.origin, 'form'), eq(datasets.originId, formId)))
  )[0];

const relationExists = async (formId: string) => {
  const r = (await t.app.ctx.db.execute(
    sql`SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'ds' AND c.relname = ${`f_${formId.replace(/-/g, '')}`}`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(r.rows[0].n) > 0;
};

describe('a form as a dataset', () => {
  it('reads the non-deleted responses of two versions as typed rows, and goes with the project', async () => {
    const s = await setup();
    const f = await newForm(s, { name: 'Household survey' });
    await add(s, f, { key: 'meals', type: 'integer', label: 'Meals a day' });
    await add(s, f, {
      key: 'water',
      type: 'single_choice',
      label: 'Water',
      choices: [
        { value: 'well', label: 'Well' },
        { value: 'tap', label: 'Tap' },
      ],
    });
    await publish(s, f);
    const token = await openToken(f);
    const send = async (version: number, answers: Record<string, unknown>, wave?: string) => {
      const res = await submit(publicClient(), token, { id: randomUUID(), version, answers, wave });
      expect(res.statusCode, res.body).toBe(201);
    };
    await send(1, { meals: '2', water: 'well' }, 'baseline');
    await send(1, { meals: '3', water: 'tap' }, 'baseline');
    // version 2 adds a decimal and a yes/no question
    await add(s, f, { key: 'income', type: 'decimal', label: 'Income' });
    await add(s, f, { key: 'school', type: 'yes_no', label: 'School?' });
    await publish(s, f);
    await send(2, { meals: '4', water: 'tap', income: '12.5', school: 'yes' }, 'endline');

    const d = await datasetOf(f);
    expect(d).toMatchObject({ projectId: s.project.id, name: 'Household survey', origin: 'form' });
    const page = (await s.client.get(`/datasets/${d.id}/rows?limit=50&count=1`)).json();
    expect(page.columns.map((c: { key: string; type: string }) => [c.key, c.type])).toEqual([
      ['_submitted_at', 'datetime'],
      ['_wave', 'category'],
      ['_stakeholder', 'text'],
      ['meals', 'integer'],
      ['water', 'category'],
      ['income', 'decimal'],
      ['school', 'boolean'],
    ]);
    expect(page.total).toBe(3);
    expect(page.rows.map((r: { _row: number }) => r._row)).toEqual([1, 2, 3]);
    expect(page.rows[0].values).toMatchObject({
      meals: 2,
      water: 'well',
      income: null,
      school: null,
      _wave: 'baseline',
    });
    expect(page.rows[2].values).toMatchObject({ meals: 4, income: '12.5', school: true });

    // a deleted response is gone at the next read (a view, not a copy); filters and sorts work
    const [second] = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(and(eq(formResponses.formId, f), eq(formResponses.seq, 2)));
    expect((await s.client.delete(`/form-responses/${second.id}`)).statusCode).toBe(303);
    const filters = encodeURIComponent(
      JSON.stringify([{ column: 'meals', op: 'gte', value: '2' }]),
    );
    const res = await s.client.get(
      `/datasets/${d.id}/rows?limit=50&count=1&sort=meals&dir=desc&filters=${filters}`,
    );
    expect(res.statusCode, JSON.stringify(res.headers) + res.body).toBe(200);
    const after = res.json();
    expect(after.rows.map((r: { _row: number }) => r._row)).toEqual([3, 1]);
    expect(after.total).toBe(2);

    // the datagrid page opens it
    const grid = await s.client.page(`/sources/${d.id}/data`);
    expect(grid.component).toBe('survey-sources/datagrid');
    expect(grid.props.version).toEqual({ number: 1, rowCount: 2 });
    // and the source page the grid's breadcrumb leads to
    expect((await s.client.page(`/sources/${d.id}`)).component).toBe('sources/show');

    // another team sees nothing of it
    const other = await setup();
    expect((await other.client.get(`/datasets/${d.id}/rows?limit=10`)).statusCode).toBe(404);

    // deleting the project drops the dataset and its view
    expect(await relationExists(f)).toBe(true);
    const del = await s.client.delete(`/projects/${s.project.id}`, { confirm: s.project.name });
    expect(del.statusCode, del.body).toBe(303);
    expect(await datasetOf(f)).toBeUndefined();
    expect(await relationExists(f)).toBe(false);
  });

  it('a transformation takes the form dataset as its input', async () => {
    const s = await setup();
    const f = await newForm(s, { name: 'Meals' });
    await add(s, f, { key: 'meals', type: 'integer', label: 'Meals a day' });
    await publish(s, f);
    const token = await openToken(f);
    for (const m of ['1', '5'])
      await submit(publicClient(), token, { id: randomUUID(), version: 1, answers: { meals: m } });
    const d = await datasetOf(f);
    const res = await s.client.post(`/projects/${s.project.id}/transformations`, {
      name: 'Clean meals',
      datasetId: d.id,
    });
    expect(res.statusCode, res.body).toBe(303);
    const show = await s.client.page(res.headers.location as string);
    expect(show.props.source.name).toBe('Meals');
    expect(
      show.props.preview.rows.map((r: { values: { meals: number } }) => String(r.values.meals)),
    ).toEqual(['1', '5']);
  });
});
