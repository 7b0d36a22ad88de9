import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { TestClient } from '../../../../test/helpers/client.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import { projects } from '../projects/read-model.js';
import { formLinks, formQuestions, formResponses, forms, stakeholders } from './forms.tables.js';

/** Forms end to end through the routes: builder, publish, public submit (validation, idempotency), links, export. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setup() {
  const { user, client } = await signedInUser(t.app);
  const team = await createTeamFor(t.app, user.id);
  const [project] = await t.app.ctx.db
    .insert(projects)
    .values({ teamId: team.id, name: 'Nutrition' })
    .returning();
  return { user, client, team, project };
}
type S = Awaited<ReturnType<typeof setup>>;

async function newForm(s: S, body: Record<string, unknown> = {}) {
  const res = await s.client.post(`/projects/${s.project.id}/forms`, {
    name: 'Household survey',
    kind: 'survey',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(303);
  return res.headers.location!.split('/')[2];
}
async function add(s: S, formId: string, q: Record<string, unknown>) {
  const res = await s.client.post(`/forms/${formId}/questions`, q);
  expect(res.statusCode, JSON.stringify(res.headers)).toBe(303);
  expect(res.headers.location).toBe(`/forms/${formId}/fields`);
}
const fieldErrors = async (s: S, formId: string) =>
  (await s.client.page(`/forms/${formId}/fields`)).props.errors as Record<string, string>;
async function publish(s: S, formId: string) {
  const res = await s.client.post(`/forms/${formId}/versions`);
  expect(res.statusCode).toBe(303);
  expect(await fieldErrors(s, formId)).toEqual({});
}
const openToken = async (formId: string) =>
  (await t.app.ctx.db.select().from(formLinks).where(eq(formLinks.formId, formId)))[0].token;

const publicClient = () => new TestClient(t.app, { inertia: false });
const submit = (c: TestClient, token: string, body: unknown) =>
  c.request('POST', `/f/${token}`, body, { accept: 'application/json' });

const ALL_TYPES: Array<Record<string, unknown>> = [
  {
    key: 'name',
    type: 'short_text',
    label: 'Name',
    required: true,
    requiredMessage: 'Tell us your name.',
  },
  { key: 'story', type: 'long_text', label: 'Story', validation: { minLength: 5 } },
  { key: 'age', type: 'integer', label: 'Age', validation: { min: '0', max: '120' } },
  { key: 'income', type: 'decimal', label: 'Income' },
  {
    key: 'water',
    type: 'single_choice',
    label: 'Water',
    choices: [
      { value: 'well', label: 'Well' },
      { value: 'tap', label: 'Tap' },
    ],
    allowOther: true,
  },
  {
    key: 'crops',
    type: 'multiple_choice',
    label: 'Crops',
    choices: [
      { value: 'maize', label: 'Maize' },
      { value: 'rice', label: 'Rice' },
    ],
  },
  {
    key: 'region',
    type: 'dropdown',
    label: 'Region',
    choices: [{ value: 'north', label: 'North' }],
  },
  { key: 'has_school', type: 'yes_no', label: 'School?' },
  { key: 'happy', type: 'rating', label: 'Happy', scale: 5 },
  { key: 'nps', type: 'nps', label: 'Recommend' },
  { key: 'visit', type: 'date', label: 'Visit', validation: { min: '2026-01-01' } },
  { key: 'at', type: 'time', label: 'At' },
  { key: 'when', type: 'datetime', label: 'When' },
  { key: 'email', type: 'email', label: 'Email' },
  { key: 'phone', type: 'phone', label: 'Phone' },
  {
    key: 'code',
    type: 'short_text',
    label: 'Code',
    validation: {
      pattern: '[A-Z]{3}-\\d{2}',
      patternMessage: 'Use three capitals, a dash and two digits.',
    },
  },
  { key: 'intro', type: 'note', label: 'Thanks for your time' },
  { key: 'consent', type: 'acknowledge', label: 'I agree', required: true },
];
const GOOD = {
  name: 'Amina',
  story: 'A long enough story',
  age: '34',
  income: '12.5',
  water: 'other',
  water__other: 'River',
  crops: ['maize', 'rice'],
  region: 'north',
  has_school: 'yes',
  happy: '4',
  nps: '9',
  visit: '2026-03-02',
  at: '09:30',
  when: '2026-03-02T09:30',
  email: 'amina@example.org',
  phone: '+254 700 123456',
  code: 'ABC-12',
  consent: true,
};

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
    const page = await new TestClient(t.app).page(`/f/${token}`);
    expect(page.component).toBe('public-forms/show');
    expect(page.props.version).toBe(1);
    expect(page.props.questions.map((q: { key: string }) => q.key)).toEqual(
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

describe('stakeholders and personal links', () => {
  it('registers stakeholders, sends a personal link per wave, and a withdrawn link answers 404', async () => {
    const s = await setup();
    const reg = await newForm(s, { name: 'Registration', kind: 'stakeholder' });
    await add(s, reg, { key: 'full_name', type: 'short_text', label: 'Full name', required: true });
    await publish(s, reg);
    const regToken = await openToken(reg);
    expect(
      (
        await submit(publicClient(), regToken, {
          id: randomUUID(),
          version: 1,
          answers: { full_name: 'Juma' },
        })
      ).statusCode,
    ).toBe(201);
    const [juma] = await t.app.ctx.db
      .select()
      .from(stakeholders)
      .where(eq(stakeholders.projectId, s.project.id));
    expect(juma.name).toBe('Juma');
    expect(juma.code).toMatch(/^S-[A-Z2-9]{8}$/);
    const list = await s.client.page(`/projects/${s.project.id}/stakeholders`);
    expect(list.props.forms[0]).toMatchObject({ questionsCount: 1, responsesCount: 1 });
    expect(list.props.stakeholders.rows[0]).toMatchObject({ name: 'Juma', responsesCount: 1 });

    const survey = await newForm(s, {
      name: 'Follow-up',
      anonymous: false,
      waves: ['baseline', 'endline'],
    });
    await add(s, survey, { key: 'meals', type: 'integer', label: 'Meals a day' });
    await publish(s, survey);
    for (const wave of ['baseline', 'endline'])
      expect(
        (await s.client.post(`/stakeholders/${juma.id}/links`, { formId: survey, wave }))
          .statusCode,
      ).toBe(303);
    const links = await t.app.ctx.db
      .select()
      .from(formLinks)
      .where(eq(formLinks.stakeholderId, juma.id));
    expect(links).toHaveLength(2);
    for (const [i, l] of links.entries())
      expect(
        (
          await submit(publicClient(), l.token, {
            id: randomUUID(),
            version: 1,
            answers: { meals: String(i + 2) },
          })
        ).statusCode,
      ).toBe(201);
    const page = await s.client.page(`/stakeholders/${juma.id}`);
    expect(page.props.message ?? '').toBe('');
    expect(page.component).toBe('surveyholders/stakeholder-responses');
    expect(page.props.columns.map((c: { wave: string | null }) => c.wave)).toEqual(
      expect.arrayContaining(['baseline', 'endline']),
    );
    expect(page.props.rows.find((r: { key: string }) => r.key === 'meals')).toBeDefined();

    expect((await s.client.delete(`/form-links/${links[0].id}`)).statusCode).toBe(303);
    expect((await publicClient().get(`/f/${links[0].token}`)).statusCode).toBe(404);
    const res = await submit(publicClient(), links[0].token, {
      id: randomUUID(),
      version: 1,
      answers: { meals: '3' },
    });
    expect(res.statusCode).toBe(404);
    const [f] = await t.app.ctx.db.select().from(forms).where(eq(forms.id, survey));
    expect(f.currentVersion).toBe(1);
  });
});

describe('form settings', () => {
  it('a response limit and a close date stop new responses; a retry of a stored one still succeeds', async () => {
    const s = await setup();
    const f = await newForm(s);
    await add(s, f, { key: 'meals', type: 'integer', label: 'Meals a day' });
    await publish(s, f);
    const token = await openToken(f);
    await s.client.put(`/forms/${f}`, { responseLimit: '1', thankYou: 'Asante!' });
    expect(await fieldErrors(s, f)).toEqual({});
    const id = randomUUID();
    const first = await submit(publicClient(), token, { id, version: 1, answers: { meals: 3 } });
    expect(first.json()).toMatchObject({ status: 'created', thankYou: 'Asante!' });
    const full = await submit(publicClient(), token, {
      id: randomUUID(),
      version: 1,
      answers: { meals: 2 },
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toMatch(/received all the responses it takes/);
    expect(
      (await submit(publicClient(), token, { id, version: 1, answers: { meals: 3 } })).statusCode,
    ).toBe(200);

    await s.client.put(`/forms/${f}`, { opensAt: '2026-02-01', closesAt: '2026-01-01' });
    expect((await fieldErrors(s, f)).closesAt).toMatch(/close after it opens/);
    await s.client.put(`/forms/${f}`, {
      responseLimit: '',
      opensAt: '2020-01-01',
      closesAt: '2021-01-01',
    });
    expect(await fieldErrors(s, f)).toEqual({});
    const closed = await submit(publicClient(), token, {
      id: randomUUID(),
      version: 1,
      answers: { meals: 2 },
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toMatch(/This form closed on 2021-01-01/);
    const page = await new TestClient(t.app).page(`/f/${token}`);
    expect(page.props.closed).toMatch(/closed on 2021-01-01/);
  });

  it('the public page takes its lang and dir from the form language (Urdu: right to left)', async () => {
    const s = await setup();
    const f = await newForm(s, { name: 'سروے', language: 'ur' });
    await add(s, f, { key: 'age', type: 'integer', label: 'عمر' });
    await publish(s, f);
    const page = await new TestClient(t.app).page(`/f/${await openToken(f)}`);
    expect(page.props.form).toMatchObject({ language: 'ur', dir: 'rtl' });
  });

  it('an unknown or malformed token answers 404', async () => {
    expect((await publicClient().get('/f/not-a-token')).statusCode).toBe(404);
    expect((await publicClient().get(`/f/${'A'.repeat(43)}`)).statusCode).toBe(404);
    const res = await submit(publicClient(), 'A'.repeat(43), {
      id: randomUUID(),
      version: 1,
      answers: {},
    });
    expect(res.statusCode).toBe(404);
  });
});
