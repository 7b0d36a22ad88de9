import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { datasets } from '../datasets/read-model.js';
import { formResponseFlags, formResponses } from './forms.tables.js';
import { formsTestKit } from './test-support.js';
import { mapXlsform } from './xlsform.map.js';
import { xlsformWorkbook } from './xlsform.write.js';
import type { QuestionDef } from '../../../shared/forms/questions.js';
import { questionDef } from '../../../shared/forms/test-support.js';

/** Matrix, ranking, geopoint, calculate and hidden questions: builder, submit, dataset, flags, XLSForm. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { setup, newForm, add, fieldErrors, publish, openToken, publicClient, submit, publicPage } =
  formsTestKit(() => t);

const scale = ['1', '2', '3', '4', '5'].map((v) => ({ value: v, label: `Level ${v}` }));
const rows = ['food', 'water', 'school', 'health'].map((v) => ({ value: v, label: v }));
const fruit = ['apple', 'pear', 'fig'].map((v) => ({ value: v, label: v }));

async function buildForm() {
  const s = await setup();
  const f = await newForm(s);
  await add(s, f, { key: 'sat', type: 'matrix', label: 'Satisfaction', choices: scale, rows });
  await add(s, f, { key: 'prio', type: 'ranking', label: 'Priorities', choices: fruit });
  await add(s, f, { key: 'where', type: 'geopoint', label: 'Where' });
  await add(s, f, { key: 'adults', type: 'integer', label: 'Adults' });
  await add(s, f, {
    key: 'people',
    type: 'calculate',
    label: 'People',
    calculation: '${adults} + 2',
  });
  await add(s, f, { key: 'ref', type: 'hidden', label: 'Referrer' });
  await publish(s, f);
  return { s, f, token: await openToken(f) };
}

describe('new question types', () => {
  it('the builder refuses a matrix without rows, a calculate without or with a bad calculation', async () => {
    const s = await setup();
    const f = await newForm(s);
    const bad = async (q: Record<string, unknown>) => {
      const res = await s.client.post(`/forms/${f}/questions`, q);
      expect(res.statusCode).toBe(303);
      return fieldErrors(s, f);
    };
    expect(await bad({ type: 'matrix', label: 'M', choices: scale })).toMatchObject({
      rows: 'Add at least one row.',
    });
    expect(await bad({ type: 'ranking', label: 'R', choices: fruit.slice(0, 1) })).toMatchObject({
      choices: 'Add at least two choices to rank.',
    });
    expect(await bad({ type: 'calculate', label: 'C' })).toMatchObject({
      calculation: 'Write the calculation, e.g. ${age} * 12.',
    });
    expect(
      (await bad({ type: 'calculate', label: 'C', calculation: '${nope} + 1' })).calculation,
    ).toMatch(/nope/);
  });

  it('validates each type on submit, recomputes the calculation, and shows them in the dataset', async () => {
    const { s, f, token } = await buildForm();
    const c = publicClient();
    const refused = async (answers: Record<string, unknown>) => {
      const res = await submit(c, token, { id: randomUUID(), version: 1, answers });
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors as Record<string, string>;
    };
    expect(await refused({ sat: 'high' })).toEqual({ sat: 'Answer each row on the scale.' });
    expect(await refused({ sat: { food: '7' } })).toEqual({
      sat: 'Row “food”: choose a value from the scale.',
    });
    expect(await refused({ prio: ['fig'] })).toEqual({
      prio: 'Rank all 3 choices (this ranks 1).',
    });
    expect(await refused({ where: { lat: 100, lon: 0 } })).toEqual({
      where: 'Enter a latitude between -90 and 90, e.g. -1.2921.',
    });
    expect(await refused({ ref: ['x'] })).toEqual({ ref: 'A hidden value is text.' });

    const same = { food: '4', water: '4', school: '4', health: '4' };
    const ok = await submit(c, token, {
      id: randomUUID(),
      version: 1,
      answers: {
        sat: same,
        prio: ['pear', 'fig', 'apple'],
        where: { lat: -1.5, lon: 36.25, accuracy: 8 },
        adults: '3',
        people: 999, // forged: the server's value wins
        ref: 'radio',
      },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const [stored] = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.id, ok.json().responseId));
    expect(stored.answers).toMatchObject({
      people: 5,
      prio: ['pear', 'fig', 'apple'],
      ref: 'radio',
    });
    // straight-lining: 4 rows all the same
    const flags = await t.app.ctx.db
      .select()
      .from(formResponseFlags)
      .where(eq(formResponseFlags.responseId, stored.id));
    expect(flags.map((x) => [x.rule, x.reason])).toContainEqual([
      'straight_lining',
      'Satisfaction: all 4 rows “Level 4”.',
    ]);

    const [d] = await t.app.ctx.db
      .select()
      .from(datasets)
      .where(and(eq(datasets.origin, 'form'), eq(datasets.originId, f)));
    const page = (await s.client.get(`/datasets/${d.id}/rows?limit=50&count=1`)).json();
    expect(page.columns.map((x: { key: string; type: string }) => [x.key, x.type])).toEqual([
      ['_submitted_at', 'datetime'],
      ['_wave', 'category'],
      ['_stakeholder', 'text'],
      ['sat_food', 'category'],
      ['sat_water', 'category'],
      ['sat_school', 'category'],
      ['sat_health', 'category'],
      ['prio', 'multi'],
      ['where_lat', 'decimal'],
      ['where_lon', 'decimal'],
      ['where_accuracy', 'decimal'],
      ['adults', 'integer'],
      ['people', 'text'],
      ['ref', 'text'],
    ]);
    expect(page.rows[0].values).toMatchObject({
      sat_food: '4',
      sat_health: '4',
      prio: 'pear,fig,apple',
      where_lat: '-1.5',
      where_lon: '36.25',
      people: '5',
      ref: 'radio',
    });

    // the response page shows the answers
    const detail = await s.client.page(`/form-responses/${stored.id}`);
    expect(detail.props.response).toMatchObject({ answers: { people: 5 } });
  });

  it('a personal link prefills hidden values from the stakeholder’s answers only', async () => {
    const { token } = await buildForm();
    const { props } = await publicPage(`/f/${token}?ref=abc`);
    // an open link: no stakeholder, the query string is read by the page itself
    expect(props?.prefill).toBeUndefined();
    expect(props?.questions.find((q) => q.key === 'people')?.calculation).toBe('${adults} + 2');
  });
});

describe('XLSForm', () => {
  const def = (over: Partial<QuestionDef> & Pick<QuestionDef, 'key' | 'type'>) =>
    questionDef(over.key, over.type, over);
  it('exports and imports the new types (rank, geopoint, calculate, hidden, a matrix by pathways_rows)', async () => {
    const questions = [
      def({ key: 'sat', type: 'matrix', choices: scale, rows }),
      def({ key: 'prio', type: 'ranking', choices: fruit }),
      def({ key: 'where', type: 'geopoint' }),
      def({ key: 'adults', type: 'integer' }),
      def({ key: 'people', type: 'calculate', calculation: '${adults} + 2' }),
      def({ key: 'ref', type: 'hidden', defaultValue: 'web' }),
    ];
    const wb = xlsformWorkbook({ name: 'T', language: 'en', version: '1' }, questions);
    const sheet = (name: string) => {
      const ws = wb.getWorksheet(name)!;
      const head = (ws.getRow(1).values as unknown[]).slice(1).map(String);
      const out: Array<{ row: number; cells: Record<string, string> }> = [];
      ws.eachRow((r, n) => {
        if (n === 1) return;
        const cells: Record<string, string> = {};
        (r.values as unknown[]).slice(1).forEach((v, i) => {
          if (v != null && v !== '') cells[head[i]] = String(v);
        });
        out.push({ row: n, cells });
      });
      return out;
    };
    const plan = mapXlsform(
      { survey: sheet('survey'), choices: sheet('choices'), settings: sheet('settings') },
      't.xlsx',
    );
    expect(plan.report.rows.filter((r) => r.status === 'unsupported')).toEqual([]);
    expect(plan.questions.map((q) => [q.key, q.type])).toEqual(
      questions.map((q) => [q.key, q.type]),
    );
    expect(plan.questions[0].rows).toEqual(rows);
    expect(plan.questions[1].choices).toEqual(fruit);
    expect(plan.questions[4].calculation).toBe('${adults} + 2');
    expect(plan.questions[5].defaultValue).toBe('web');
  });
});
