import { randomUUID } from 'node:crypto';
import JSZip from 'jszip';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import type { TestClient } from '../../../../test/helpers/client.js';
import { datasets } from '../datasets/read-model.js';
import { formResponses } from './forms.tables.js';
import { formsTestKit, workbookSheets, type KitState } from './test-support.js';

/**
 * Three levels of repeats (members > visits > doses) in the outputs: a sheet and a CSV per level
 * linked to the parent row, a dataset per level, and a response edit that keeps the inner instances.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const kit = formsTestKit(() => t);

type Row = Record<string, unknown>;

/** The visits sheet's header, in the XLSX and the CSV alike: the links to the member, then its questions. */
const VISITS_HEADER = [
  '_response_id',
  '_row',
  '_index',
  '_parent_index',
  '_parent_path',
  '_path',
  'clinic',
  'vaccinated',
  'doses_count',
];

/** The CSVs of a zip by file name: header line and rows as parsed (the BOM checked, then dropped). */
async function zipCsvs(buf: Buffer) {
  const zip = await JSZip.loadAsync(buf);
  const out: Record<string, string[][]> = {};
  for (const name of Object.keys(zip.files)) {
    const text = await zip.file(name)!.async('string');
    expect(text.startsWith('\ufeff'), name).toBe(true);
    out[name] = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
  }
  return out;
}

describe('nested repeat groups in exports, datasets and edits', () => {
  let s: KitState;
  let formId: string;
  let ids: string[];
  const download = (c: TestClient, query: string) =>
    c.request('GET', `/forms/${formId}/responses/export?${query}`, undefined, { accept: '*/*' });

  beforeAll(async () => {
    s = await kit.setup();
    formId = await kit.newForm(s, { name: 'Clinic survey', anonymous: true });
    await kit.add(s, formId, { key: 'village', type: 'short_text', label: 'Village' });
    await kit.addMembersRepeat(s, formId, 4);
    await kit.addVisitsRepeat(s, formId);
    await kit.add(s, formId, {
      key: 'doses',
      type: 'repeat',
      label: 'Doses',
      itemLabel: 'dose',
      repeatKey: 'visits',
    });
    await kit.add(s, formId, {
      key: 'vaccine',
      type: 'short_text',
      label: 'Vaccine',
      repeatKey: 'doses',
    });
    await kit.publish(s, formId);
    const token = await kit.openToken(formId);
    const send = async (answers: Row) => {
      const res = await kit.submit(kit.publicClient(), token, {
        id: randomUUID(),
        version: 1,
        answers,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await send({
      village: 'Kisumu',
      members: [
        {
          name: 'Ann',
          age: '3',
          visits: [
            {
              clinic: 'North',
              vaccinated: 'yes',
              doses: [{ vaccine: 'Polio' }, { vaccine: '=HYPERLINK("http://x.test")' }],
            },
            { clinic: 'South' },
          ],
        },
        { name: 'Ben', age: '40', visits: [{ clinic: 'East', doses: [{ vaccine: 'Tetanus' }] }] },
      ],
    });
    await send({ village: 'Siaya', members: [{ name: 'Cy', age: '20' }] });
    await send({
      members: [
        { name: 'Di', age: '1', visits: [{ clinic: 'West', doses: [{ vaccine: 'BCG' }] }] },
      ],
    });
    const stored = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.formId, formId))
      .orderBy(asc(formResponses.seq));
    ids = stored.map((r) => r.id);
    expect(stored.map((r) => r.seq)).toEqual([1, 2, 3]);
  });

  it('writes an XLSX sheet per repeat at any depth, each row linked to its parent row', async () => {
    const res = await download(s.client, 'format=xlsx');
    expect(res.statusCode).toBe(200);
    const book = await workbookSheets(res.rawPayload);
    expect(Object.keys(book)).toEqual(['responses', 'members', 'visits', 'doses']);
    expect(book.responses.rows.map((r) => [r.village, r.members_count])).toEqual([
      ['Kisumu', 2],
      ['Siaya', 1],
      [null, 1],
    ]);
    expect(book.members.header).toEqual([
      '_response_id',
      '_row',
      '_index',
      'name',
      'age',
      'school',
      'visits_count',
    ]);
    const [r1, r2, r3] = ids;
    expect(book.members.rows).toEqual([
      { _response_id: r1, _row: 1, _index: 1, name: 'Ann', age: 3, school: null, visits_count: 2 },
      { _response_id: r1, _row: 1, _index: 2, name: 'Ben', age: 40, school: null, visits_count: 1 },
      { _response_id: r2, _row: 2, _index: 1, name: 'Cy', age: 20, school: null, visits_count: 0 },
      { _response_id: r3, _row: 3, _index: 1, name: 'Di', age: 1, school: null, visits_count: 1 },
    ]);
    const link = (id: string, row: number, index: number, parent: number, path: string) => ({
      _response_id: id,
      _row: row,
      _index: index,
      _parent_index: parent,
      _parent_path: path.replace(/\.[^.]+$/, ''),
      _path: path,
    });
    expect(book.visits.header).toEqual(VISITS_HEADER);
    expect(book.visits.rows).toEqual([
      {
        ...link(r1, 1, 1, 1, 'members[1].visits[1]'),
        clinic: 'North',
        vaccinated: 'yes',
        doses_count: 2,
      },
      {
        ...link(r1, 1, 2, 1, 'members[1].visits[2]'),
        clinic: 'South',
        vaccinated: null,
        doses_count: 0,
      },
      {
        ...link(r1, 1, 1, 2, 'members[2].visits[1]'),
        clinic: 'East',
        vaccinated: null,
        doses_count: 1,
      },
      {
        ...link(r3, 3, 1, 1, 'members[1].visits[1]'),
        clinic: 'West',
        vaccinated: null,
        doses_count: 1,
      },
    ]);
    // the third level: its parent is the visit whose _path is its _parent_path (same _row)
    expect(book.doses.rows).toEqual([
      { ...link(r1, 1, 1, 1, 'members[1].visits[1].doses[1]'), vaccine: 'Polio' },
      {
        ...link(r1, 1, 2, 1, 'members[1].visits[1].doses[2]'),
        vaccine: `'=HYPERLINK("http://x.test")`,
      },
      { ...link(r1, 1, 1, 1, 'members[2].visits[1].doses[1]'), vaccine: 'Tetanus' },
      { ...link(r3, 3, 1, 1, 'members[1].visits[1].doses[1]'), vaccine: 'BCG' },
    ]);
    // every row joins to exactly one parent row
    for (const dose of book.doses.rows)
      expect(
        book.visits.rows.filter((v) => v._row === dose._row && v._path === dose._parent_path),
      ).toHaveLength(1);
    for (const visit of book.visits.rows)
      expect(
        book.members.rows.filter((m) => m._row === visit._row && m._index === visit._parent_index),
      ).toHaveLength(1);
  });

  it('zips a CSV per repeat at any depth with the same rows, labels and filters applied', async () => {
    const res = await download(s.client, 'format=csv&content=labels');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = await zipCsvs(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual([
      'responses-doses.csv',
      'responses-members.csv',
      'responses-visits.csv',
      'responses.csv',
    ]);
    const [r1, , r3] = ids;
    expect(files['responses-members.csv'].map((r) => r.slice(1))).toEqual([
      ['_row', '_index', 'name', 'age', 'school', 'visits_count'],
      ['1', '1', 'Ann', '3', '', '2'],
      ['1', '2', 'Ben', '40', '', '1'],
      ['2', '1', 'Cy', '20', '', '0'],
      ['3', '1', 'Di', '1', '', '1'],
    ]);
    expect(files['responses-visits.csv']).toEqual([
      VISITS_HEADER,
      [r1, '1', '1', '1', 'members[1]', 'members[1].visits[1]', 'North', 'Yes', '2'],
      [r1, '1', '2', '1', 'members[1]', 'members[1].visits[2]', 'South', '', '0'],
      [r1, '1', '1', '2', 'members[2]', 'members[2].visits[1]', 'East', '', '1'],
      [r3, '3', '1', '1', 'members[1]', 'members[1].visits[1]', 'West', '', '1'],
    ]);
    expect(files['responses-doses.csv']).toEqual([
      ['_response_id', '_row', '_index', '_parent_index', '_parent_path', '_path', 'vaccine'],
      [r1, '1', '1', '1', 'members[1].visits[1]', 'members[1].visits[1].doses[1]', 'Polio'],
      [
        r1,
        '1',
        '2',
        '1',
        'members[1].visits[1]',
        'members[1].visits[1].doses[2]',
        `'=HYPERLINK("http://x.test")`,
      ],
      [r1, '1', '1', '1', 'members[2].visits[1]', 'members[2].visits[1].doses[1]', 'Tetanus'],
      [r3, '3', '1', '1', 'members[1].visits[1]', 'members[1].visits[1].doses[1]', 'BCG'],
    ]);
    // the list's filters reach every level: none submitted before 2000, headers only
    const none = await zipCsvs((await download(s.client, 'format=csv&to=2000-01-01')).rawPayload);
    expect(Object.values(none).map((rows) => rows.length)).toEqual([1, 1, 1, 1]);
  });

  it('makes each nested repeat a dataset of its own, one row per instance linked to its parent', async () => {
    const all = await t.app.ctx.db.select().from(datasets).where(eq(datasets.originId, formId));
    expect(Object.fromEntries(all.map((d) => [d.originKey ?? '', d.name]))).toEqual({
      '': 'Clinic survey',
      members: 'Clinic survey — Household members',
      visits: 'Clinic survey — Clinic visits',
      doses: 'Clinic survey — Doses',
    });
    const read = async (key: string) => {
      const d = all.find((x) => x.originKey === key)!;
      const res = await s.client.get(`/datasets/${d.id}/rows?limit=50`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        columns: Array<{ key: string; type: string }>;
        rows: Array<{ _row: number; values: Row }>;
      };
    };
    const members = await read('members');
    expect(members.columns.map((c) => c.key)).toEqual([
      '_response',
      '_instance',
      '_stakeholder',
      '_wave',
      'name',
      'age',
      'school',
      'visits_count',
    ]);
    expect(members.rows.map((r) => [r.values.name, r.values.visits_count])).toEqual([
      ['Ann', 2],
      ['Ben', 1],
      ['Cy', 0],
      ['Di', 1],
    ]);
    const visits = await read('visits');
    expect(visits.columns.map((c) => [c.key, c.type])).toEqual([
      ['_response', 'integer'],
      ['_instance', 'integer'],
      ['_parent_instance', 'integer'],
      ['_parent_path', 'text'],
      ['_path', 'text'],
      ['_stakeholder', 'text'],
      ['_wave', 'category'],
      ['clinic', 'text'],
      ['vaccinated', 'boolean'],
      ['doses_count', 'integer'],
    ]);
    const link = (response: number, instance: number, parent: number, path: string) => ({
      _response: response,
      _instance: instance,
      _parent_instance: parent,
      _parent_path: path.replace(/\.[^.]+$/, ''),
      _path: path,
      _stakeholder: null,
      _wave: null,
    });
    expect(visits.rows.map((r) => r.values)).toEqual([
      {
        ...link(1, 1, 1, 'members[1].visits[1]'),
        clinic: 'North',
        vaccinated: true,
        doses_count: 2,
      },
      {
        ...link(1, 2, 1, 'members[1].visits[2]'),
        clinic: 'South',
        vaccinated: null,
        doses_count: 0,
      },
      {
        ...link(1, 1, 2, 'members[2].visits[1]'),
        clinic: 'East',
        vaccinated: null,
        doses_count: 1,
      },
      {
        ...link(3, 1, 1, 'members[1].visits[1]'),
        clinic: 'West',
        vaccinated: null,
        doses_count: 1,
      },
    ]);
    const doses = await read('doses');
    expect(doses.rows.map((r) => r.values)).toEqual([
      { ...link(1, 1, 1, 'members[1].visits[1].doses[1]'), vaccine: 'Polio' },
      { ...link(1, 2, 1, 'members[1].visits[1].doses[2]'), vaccine: '=HYPERLINK("http://x.test")' },
      { ...link(1, 1, 1, 'members[2].visits[1].doses[1]'), vaccine: 'Tetanus' },
      { ...link(3, 1, 1, 'members[1].visits[1].doses[1]'), vaccine: 'BCG' },
    ]);
    // unique row numbers in document order (keyset paging reads them)
    const rows = doses.rows.map((r) => r._row);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    expect(new Set(rows).size).toBe(rows.length);
  });

  it('keeps the inner instances when an edit changes other answers, and diffs them by path', async () => {
    const put = (body: unknown) =>
      s.client.request(
        'PUT',
        `/form-responses/${ids[0]}`,
        body,
        { accept: 'application/json' },
        false,
      );
    const [before] = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.id, ids[0]));
    // what the edit form sends back: every answer as its inputs hold it (numbers as text)
    const members: Row[] = (before.answers.members as Row[]).map((m) => ({
      ...m,
      age: String(m.age),
    }));
    const village = await put({ revision: 1, answers: { village: 'Kisumu East', members } });
    expect(village.statusCode, village.body).toBe(200);
    const [after] = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(and(eq(formResponses.id, ids[0]), eq(formResponses.formId, formId)));
    expect(after.answers).toEqual({ ...before.answers, village: 'Kisumu East' });

    // a cell two levels down changed, a dose added: the history names each by its path
    const visits = members[0].visits as Row[];
    const edited = [
      {
        ...members[0],
        visits: [{ ...visits[0], doses: [{ vaccine: 'Polio' }] }, { clinic: 'South West' }],
      },
      members[1],
    ];
    const inner = await put({ revision: 2, answers: { village: 'Kisumu East', members: edited } });
    expect(inner.statusCode, inner.body).toBe(200);
    const page = await s.client.page(`/form-responses/${ids[0]}`);
    expect(page.props.history[0].changes).toEqual([
      {
        key: 'members[1].visits[1].doses[2]',
        label: 'Household members 1: Clinic visits 1: Doses 2',
        from: { vaccine: '=HYPERLINK("http://x.test")' },
        to: null,
      },
      {
        key: 'members[1].visits[2].clinic',
        label: 'Household members 1: Clinic visits 2: Clinic',
        from: 'South',
        to: 'South West',
      },
    ]);
    // a bad answer deep inside is refused on its path
    const bad = await put({
      revision: 3,
      answers: { members: [{ name: 'Ann', age: '3', visits: [{ vaccinated: 'yes' }] }] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'members[1].visits[1].clinic': 'This question needs an answer.',
    });
  });
});
