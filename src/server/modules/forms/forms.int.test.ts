import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { projects } from '../projects/read-model.js';
import { formQuestions, formResponses } from './forms.tables.js';
import { ALL_TYPES, GOOD, formsTestKit, type KitState } from './test-support.js';

/** Forms end to end through the routes: builder, publish, public submit (validation, idempotency), links, export. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { setup, newForm, add, fieldErrors, publish, openToken, publicClient, submit, publicPage } =
  formsTestKit(() => t);
type S = KitState;
describe('forms', () => {
  let s: S;
  let formId: string;
  let token: string;
  beforeAll(async () => {
    s = await setup();
    formId = await newForm(s, { anonymous: true, waves: ['baseline', 'endline'] });
    for (const q of ALL_TYPES) await add(s, formId, q);
    await publish(s, formId);
    token = await openToken(formId);
  });

  it('publishes version 1 and shows the public form', async () => {
    const page = await publicPage(`/f/${token}`);
    expect(page.res.headers['content-type']).toMatch(/^text\/html/);
    expect(page.props!.version).toBe(1);
    expect(page.props!.questions.map((q: { key: string }) => q.key)).toEqual(
      ALL_TYPES.map((q) => q.key),
    );
  });

  it('accepts a valid response of every type and records its version', async () => {
    const id = randomUUID();
    const res = await submit(publicClient(), token, {
      id,
      version: 1,
      answers: GOOD,
      wave: 'baseline',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.clientId, id));
    expect(row.versionNumber).toBe(1);
    expect(row.wave).toBe('baseline');
    expect(row.answers.age).toBe(34);
    expect(row.answers.crops).toEqual(['maize', 'rice']);
    const found = await s.client.page(`/forms/${formId}/responses?search=Amina&wave=baseline`);
    expect(found.props.responses.total).toBe(1);
    expect(found.props.responses.rows[0].answers.name).toBe('Amina');
    const none = await s.client.page(`/forms/${formId}/responses?wave=endline`);
    expect(none.props.responses.total).toBe(0);
  });

  const BAD: Array<[string, unknown, RegExp]> = [
    ['name', '', /Tell us your name/],
    ['story', 'abc', /at least 5 characters/],
    ['age', '12.5', /whole number/],
    ['age', '130', /120 or less/],
    ['income', 'ten', /Enter a number/],
    ['water', 'lake', /not one of the choices/],
    ['crops', ['maize', 'wheat'], /not one of the choices/],
    ['region', 'south', /not one of the choices/],
    ['has_school', 'maybe', /yes or no/],
    ['happy', '6', /5 or less/],
    ['nps', '11', /10 or less/],
    ['visit', '2026-02-30', /real date/],
    ['visit', '2025-12-31', /2026-01-01 or later/],
    ['at', '25:00', /time/],
    ['when', '2026-03-02', /date and time/],
    ['email', 'not-an-email', /email address/],
    ['phone', 'call me', /phone number/],
    ['code', 'abc-12', /three capitals/],
    ['intro', 'hello', /note/],
    ['consent', false, /Tick the box/],
  ];
  it.each(BAD)(
    'refuses a bad %s (%j) with a specific message on the field',
    async (key, value, message) => {
      const res = await submit(publicClient(), token, {
        id: randomUUID(),
        version: 1,
        answers: { ...GOOD, [key]: value },
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[key]).toMatch(message);
    },
  );

  it('asks for the other text when “Other” is chosen', async () => {
    const answers: Record<string, unknown> = { ...GOOD };
    delete answers.water__other;
    const res = await submit(publicClient(), token, { id: randomUUID(), version: 1, answers });
    expect(res.json().errors.water__other).toMatch(/Say what/);
  });

  it('refuses unknown keys and a forged version by name, storing nothing', async () => {
    const before = await countOf(formId);
    const unknown = await submit(publicClient(), token, {
      id: randomUUID(),
      version: 1,
      answers: { ...GOOD, salary: 5 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.salary).toMatch(/not a question of this form version/);
    const forged = await submit(publicClient(), token, {
      id: randomUUID(),
      version: 7,
      answers: GOOD,
    });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors.version).toMatch(/Version 7 of this form does not exist/);
    expect(await countOf(formId)).toBe(before);
  });

  it('stores a response once per device id: the retry succeeds, other answers get 409', async () => {
    const id = randomUUID();
    const c = publicClient();
    expect((await submit(c, token, { id, version: 1, answers: GOOD })).statusCode).toBe(201);
    const retry = await submit(c, token, { id, version: 1, answers: GOOD });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().status).toBe('duplicate');
    const other = await submit(c, token, {
      id,
      version: 1,
      answers: { ...GOOD, name: 'Someone else' },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().detail).toMatch(/already received with different answers/);
    const rows = await t.app.ctx.db
      .select({ n: count() })
      .from(formResponses)
      .where(eq(formResponses.clientId, id));
    expect(rows[0].n).toBe(1);
  });

  it('200 ids sent 3 times each, concurrently, store exactly 200 rows', async () => {
    const before = await countOf(formId);
    const ids = Array.from({ length: 200 }, () => randomUUID());
    const c = publicClient();
    await c.get(`/f/${token}`);
    const results = await Promise.all(
      ids.flatMap((id) => [1, 2, 3].map(() => submit(c, token, { id, version: 1, answers: GOOD }))),
    );
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(200);
    expect(await countOf(formId)).toBe(before + 200);
  });

  it('refuses to change a published question’s type, and shows what publishing changes', async () => {
    const [age] = await t.app.ctx.db
      .select()
      .from(formQuestions)
      .where(and(eq(formQuestions.formId, formId), eq(formQuestions.key, 'age')));
    await s.client.put(`/form-questions/${age.id}`, { type: 'short_text' });
    expect((await fieldErrors(s, formId)).type).toMatch(
      /published as “Whole number”: its type cannot change/,
    );
    await add(s, formId, { key: 'village', type: 'short_text', label: 'Village' });
    const [water] = await t.app.ctx.db
      .select()
      .from(formQuestions)
      .where(and(eq(formQuestions.formId, formId), eq(formQuestions.key, 'water')));
    await s.client.put(`/form-questions/${water.id}`, {
      choices: [{ value: 'well', label: 'Well' }],
    });
    const page = await s.client.page(`/forms/${formId}/fields`);
    expect(page.props.message ?? '', JSON.stringify(page.props.errors)).toBe('');
    expect(page.props.diff.added.map((q: { key: string }) => q.key)).toEqual(['village']);
    expect(page.props.diff.choicesRemoved).toEqual([
      { key: 'water', label: 'Water', values: ['tap'] },
    ]);
    await publish(s, formId);
    const again = await s.client.page(`/forms/${formId}/fields`);
    expect(again.props.versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    // read back from jsonb (keys reordered), the draft equals the version just published
    expect(again.props.diff.unchanged).toBe(true);
    await s.client.post(`/forms/${formId}/versions`);
    expect((await fieldErrors(s, formId)).publish).toMatch(/Nothing changed since version 2/);
  });

  it('gives the responses table each question’s type and the choices of every version', async () => {
    // version 2 dropped “tap”: answers given on version 1 still show its label
    const page = await s.client.page(`/forms/${formId}/responses`);
    const columns = page.props.columns as Array<{ key: string }>;
    expect(columns.find((c) => c.key === 'water')).toEqual({
      key: 'water',
      label: 'Water',
      type: 'single_choice',
      choices: [
        { value: 'well', label: 'Well' },
        { value: 'tap', label: 'Tap' },
      ],
    });
    expect(columns.find((c) => c.key === 'village')).toMatchObject({ type: 'short_text' });
    expect(columns.map((c) => c.key)).toContain('age');
  });

  it('exports the responses as CSV, one column per key, formula text escaped', async () => {
    await submit(publicClient(), token, {
      id: randomUUID(),
      version: 2,
      answers: { ...GOOD, name: '=HYPERLINK("x")', water: 'well', village: 'Kisumu' },
    });
    const res = await s.client.request(
      'GET',
      `/forms/${formId}/responses/export`,
      undefined,
      {},
      false,
    );
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(header).toContain(
      '_response_id,_row,_submitted_at,_version,_wave,_status,_stakeholder,name,story',
    );
    expect(header).toContain('water,water__other');
    expect(header).toContain('village');
    expect(lines.some((l) => l.includes(`"'=HYPERLINK(""x"")"`))).toBe(true);
  });

  it('answers 404 for another team’s form, response and question ids', async () => {
    const other = await setup();
    const [r] = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.formId, formId))
      .limit(1);
    expect((await other.client.get(`/forms/${formId}/fields`)).statusCode).toBe(404);
    expect((await other.client.get(`/forms/${formId}/responses`)).statusCode).toBe(404);
    expect(
      (await other.client.put(`/form-responses/${r.id}/review`, { status: 'approved' })).statusCode,
    ).toBe(404);
  });

  it('makes an archived project’s forms read-only (409)', async () => {
    const t2 = await setup();
    const f = await newForm(t2);
    await t.app.ctx.db
      .update(projects)
      .set({ status: 'archived' })
      .where(eq(projects.id, t2.project.id));
    const res = await t2.client.request(
      'POST',
      `/forms/${f}/questions`,
      { type: 'short_text', label: 'X' },
      { accept: 'application/json' },
      false,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PROJECT_ARCHIVED');
  });
});

const countOf = async (formId: string) =>
  (
    await t.app.ctx.db
      .select({ n: count() })
      .from(formResponses)
      .where(eq(formResponses.formId, formId))
  )[0].n;
