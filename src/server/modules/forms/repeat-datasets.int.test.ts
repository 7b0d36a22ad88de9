import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { datasets } from '../datasets/read-model.js';
import { formLinks, stakeholders } from './forms.tables.js';
import { formsTestKit, type KitState } from './test-support.js';

/** A form's repeat groups as datasets of their own (origin 'form', origin key: the repeat's key). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const kit = formsTestKit(() => t);
type Row = { _row: number; values: Record<string, unknown> };

const repeatDataset = async (formId: string) =>
  (
    await t.app.ctx.db
      .select()
      .from(datasets)
      .where(and(eq(datasets.originId, formId), isNotNull(datasets.originKey)))
  )[0];

/** Registers stakeholders in the project and gives each a personal link to a survey's wave */
async function personalLinks(s: KitState, survey: string) {
  const reg = await kit.newForm(s, { name: 'Registration', kind: 'stakeholder' });
  await kit.add(s, reg, { key: 'full_name', type: 'short_text', label: 'Name', required: true });
  await kit.publish(s, reg);
  const regToken = await kit.openToken(reg);
  return async (name: string, wave: string) => {
    const sent = await kit.submit(kit.publicClient(), regToken, {
      id: randomUUID(),
      version: 1,
      answers: { full_name: name },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [who] = await t.app.ctx.db
      .select()
      .from(stakeholders)
      .where(and(eq(stakeholders.projectId, s.project.id), eq(stakeholders.name, name)));
    const res = await s.client.post(`/stakeholders/${who.id}/links`, { formId: survey, wave });
    expect(res.statusCode).toBe(303);
    const [link] = await t.app.ctx.db
      .select()
      .from(formLinks)
      .where(and(eq(formLinks.stakeholderId, who.id), eq(formLinks.formId, survey)));
    return { code: who.code, token: link.token };
  };
}

describe('a repeat group as a dataset', () => {
  it('has one typed row per instance of each live response, kept in step with publishing', async () => {
    const s = await kit.setup();
    const f = await kit.newForm(s, {
      name: 'Household survey',
      anonymous: false,
      waves: ['baseline', 'endline'],
    });
    await kit.add(s, f, { key: 'village', type: 'short_text', label: 'Village' });
    await kit.add(s, f, {
      key: 'members',
      type: 'repeat',
      label: 'Household members',
      itemLabel: 'member',
      validation: { min: '0', max: '10' },
    });
    await kit.add(s, f, { key: 'name', type: 'short_text', label: 'Name', repeatKey: 'members' });
    await kit.add(s, f, { key: 'age', type: 'integer', label: 'Age', repeatKey: 'members' });
    await kit.add(s, f, {
      key: 'sex',
      type: 'single_choice',
      label: 'Sex',
      repeatKey: 'members',
      choices: [
        { value: 'f', label: 'Female' },
        { value: 'm', label: 'Male' },
      ],
    });
    await kit.publish(s, f);
    const link = await personalLinks(s, f);
    const [asha, omar, juma] = [
      await link('Asha', 'baseline'),
      await link('Omar', 'baseline'),
      await link('Juma', 'endline'),
    ];
    const send = async (token: string, version: number, answers: Record<string, unknown>) => {
      const res = await kit.submit(kit.publicClient(), token, {
        id: randomUUID(),
        version,
        answers,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    // responses 1, 2, 3: no instance, one, three (each through a stakeholder's personal link)
    await send(asha.token, 1, { village: 'Kisumu', members: [] });
    await send(omar.token, 1, {
      village: 'Siaya',
      members: [{ name: 'Ann', age: '40', sex: 'f' }],
    });
    await send(juma.token, 1, {
      village: 'Busia',
      members: [
        { name: 'Ben', age: '9', sex: 'm' },
        { name: 'Cy', sex: 'f' },
        { name: 'Di', age: '70', sex: 'f' },
      ],
    });

    const d = await repeatDataset(f);
    expect(d).toMatchObject({
      projectId: s.project.id,
      name: 'Household survey — Household members',
      origin: 'form',
      originKey: 'members',
      stakeholderColumnKey: '_stakeholder',
    });
    const read = async () => {
      const res = await s.client.get(`/datasets/${d.id}/rows?limit=50&count=1`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        columns: Array<{ key: string; type: string }>;
        rows: Row[];
        total: number;
      };
    };
    const page = await read();
    expect(page.columns.map((c) => [c.key, c.type])).toEqual([
      ['_response', 'integer'],
      ['_instance', 'integer'],
      ['_stakeholder', 'text'],
      ['_wave', 'category'],
      ['name', 'text'],
      ['age', 'integer'],
      ['sex', 'category'],
    ]);
    expect(page.total).toBe(4);
    const values = (p: { rows: Row[] }) => p.rows.map((r) => r.values);
    expect(values(page)).toEqual([
      {
        _response: 2,
        _instance: 1,
        _stakeholder: omar.code,
        _wave: 'baseline',
        name: 'Ann',
        age: 40,
        sex: 'f',
      },
      {
        _response: 3,
        _instance: 1,
        _stakeholder: juma.code,
        _wave: 'endline',
        name: 'Ben',
        age: 9,
        sex: 'm',
      },
      {
        _response: 3,
        _instance: 2,
        _stakeholder: juma.code,
        _wave: 'endline',
        name: 'Cy',
        age: null,
        sex: 'f',
      },
      {
        _response: 3,
        _instance: 3,
        _stakeholder: juma.code,
        _wave: 'endline',
        name: 'Di',
        age: 70,
        sex: 'f',
      },
    ]);
    // the row numbers are unique and in response order (keyset paging reads them)
    const rows = page.rows.map((r) => r._row);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    expect(new Set(rows).size).toBe(4);
    // filters and sorts on a repeat column, as on any dataset
    const filters = encodeURIComponent(JSON.stringify([{ column: 'age', op: 'gte', value: '10' }]));
    const old = (
      await s.client.get(`/datasets/${d.id}/rows?limit=50&sort=age&dir=desc&filters=${filters}`)
    ).json() as { rows: Row[] };
    expect(old.rows.map((r) => r.values.name)).toEqual(['Di', 'Ann']);

    // version 2 adds a question to the repeat: a new column, empty for the earlier instances
    await kit.add(s, f, {
      key: 'school',
      type: 'yes_no',
      label: 'In school?',
      repeatKey: 'members',
    });
    await kit.publish(s, f);
    const eve = await link('Eve', 'endline');
    await send(eve.token, 2, {
      village: 'Homa',
      members: [{ name: 'Eve', age: '12', school: 'yes' }],
    });
    const after = await read();
    expect(after.columns.map((c) => [c.key, c.type]).slice(4)).toEqual([
      ['name', 'text'],
      ['age', 'integer'],
      ['sex', 'category'],
      ['school', 'boolean'],
    ]);
    expect(after.total).toBe(5);
    expect(values(after)[0]).toMatchObject({ name: 'Ann', school: null });
    expect(values(after)[4]).toMatchObject({
      _response: 4,
      _instance: 1,
      _stakeholder: eve.code,
      _wave: 'endline',
      name: 'Eve',
      age: 12,
      sex: null,
      school: true,
    });
    // still one dataset for the repeat, listed with the project's datasets
    const list = await s.client.page(`/sources?project=${s.project.id}`);
    const listed = list.props.datasets as Array<{ name: string; origin: string }>;
    expect(Object.fromEntries(listed.map((x) => [x.name, x.origin]))).toEqual({
      'Household survey': 'form',
      'Household survey — Household members': 'form',
      Registration: 'form',
    });
    // the responses page links it
    const responses = await s.client.page(`/forms/${f}/responses`);
    expect(responses.props.repeatDatasets).toEqual([{ id: d.id, label: 'Household members' }]);
    // the data grid opens it
    const grid = await s.client.page(`/sources/${d.id}/data`);
    expect(grid.component).toBe('survey-sources/datagrid');
    expect(grid.props.version).toEqual({ number: 1, rowCount: 5 });
    // another team sees nothing of it
    const other = await kit.setup();
    expect((await other.client.get(`/datasets/${d.id}/rows?limit=10`)).statusCode).toBe(404);
  });

  it('keeps a removed repeat group as the union of versions, and a transformation reads it', async () => {
    const s = await kit.setup();
    const f = await kit.newForm(s, { name: 'Census' });
    await kit.addMembersRepeat(s, f, 6);
    await kit.publish(s, f);
    const token = await kit.openToken(f);
    const sent = await kit.submit(kit.publicClient(), token, {
      id: randomUUID(),
      version: 1,
      answers: { members: [{ name: 'Ann', age: '40' }] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // version 2 drops the repeat group (its questions go with it)
    const fields = await s.client.page(`/forms/${f}/fields`);
    const repeat = fields.props.questions.find((q: { key: string }) => q.key === 'members');
    expect((await s.client.delete(`/form-questions/${repeat.id}`)).statusCode).toBe(303);
    await kit.add(s, f, { key: 'village', type: 'short_text', label: 'Village' });
    await kit.publish(s, f);

    const d = await repeatDataset(f);
    const page = (await s.client.get(`/datasets/${d.id}/rows?limit=50`)).json();
    expect(page.columns.map((c: { key: string }) => c.key)).toEqual([
      '_response',
      '_instance',
      '_stakeholder',
      '_wave',
      'name',
      'age',
      'school',
    ]);
    expect(page.rows.map((r: Row) => r.values)).toEqual([
      {
        _response: 1,
        _instance: 1,
        _stakeholder: null,
        _wave: null,
        name: 'Ann',
        age: 40,
        school: null,
      },
    ]);

    const res = await s.client.post(`/projects/${s.project.id}/transformations`, {
      name: 'Members',
      datasetId: d.id,
    });
    expect(res.statusCode, res.body).toBe(303);
    const show = await s.client.page(res.headers.location as string);
    expect(show.props.source.name).toBe('Census — Household members');
    expect(show.props.preview.rows.map((r: Row) => r.values.name)).toEqual(['Ann']);

    // deleting the project drops both datasets
    const del = await s.client.delete(`/projects/${s.project.id}`, { confirm: s.project.name });
    expect(del.statusCode, del.body).toBe(303);
    expect(await repeatDataset(f)).toBeUndefined();
  });
});
