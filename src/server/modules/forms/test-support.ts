import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { TestClient } from '../../../../test/helpers/client.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import { projects } from '../projects/read-model.js';
import { formLinks } from './forms.tables.js';
import type { PublicFormProps } from '../../../shared/forms/forms.pages.js';

/** Helpers of the forms integration tests: a signed-in owner with a project, and the routes they call. */
export function formsTestKit(app: () => Pick<TestApp, 'app'>) {
  const t = {
    get app() {
      return app().app;
    },
  };
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
  /**
   * The household-members repeat several tests ask about: name (required), age, and "in school?"
   * shown per instance only under 18.
   */
  async function addMembersRepeat(s: S, formId: string, max: number) {
    await add(s, formId, {
      key: 'members',
      type: 'repeat',
      label: 'Household members',
      itemLabel: 'member',
      validation: { min: '1', max: String(max) },
    });
    await add(s, formId, {
      key: 'name',
      type: 'short_text',
      label: 'Name',
      required: true,
      repeatKey: 'members',
    });
    await add(s, formId, { key: 'age', type: 'integer', label: 'Age', repeatKey: 'members' });
    await add(s, formId, {
      key: 'school',
      type: 'yes_no',
      label: 'In school?',
      repeatKey: 'members',
      relevant: '${age} < 18',
    });
  }
  /**
   * Clinic visits inside the members' repeat (a repeat in a repeat): the clinic (required) and
   * "vaccinated?" asked per visit only when the member around it is under 5. `max` bounds the
   * visits; `repeatCount` (an expression) sets how many there are.
   */
  async function addVisitsRepeat(
    s: S,
    formId: string,
    o: { max?: number; repeatCount?: string } = {},
  ) {
    await add(s, formId, {
      key: 'visits',
      type: 'repeat',
      label: 'Clinic visits',
      itemLabel: 'visit',
      repeatKey: 'members',
      ...(o.max === undefined ? {} : { validation: { max: String(o.max) } }),
      ...(o.repeatCount === undefined ? {} : { repeatCount: o.repeatCount }),
    });
    await add(s, formId, {
      key: 'clinic',
      type: 'short_text',
      label: 'Clinic',
      required: true,
      repeatKey: 'visits',
    });
    await add(s, formId, {
      key: 'vaccinated',
      type: 'yes_no',
      label: 'Vaccinated at this visit?',
      repeatKey: 'visits',
      relevant: '${age} < 5',
    });
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

  /** The public form document (its own HTML, not an Inertia page) and the form data it embeds. */
  async function publicPage(path: string, c = publicClient()) {
    const res = await c.get(path);
    const json = /<script type="application\/json" id="form-data">([\s\S]*?)<\/script>/.exec(
      res.body,
    )?.[1];
    return { res, props: (json ? JSON.parse(json) : null) as PublicFormProps | null };
  }

  return {
    setup,
    newForm,
    add,
    addMembersRepeat,
    addVisitsRepeat,
    fieldErrors,
    publish,
    openToken,
    publicClient,
    submit,
    publicPage,
  };
}
type FormsKit = ReturnType<typeof formsTestKit>;
export type KitState = Awaited<ReturnType<FormsKit['setup']>>;

/** One question of every type of this slice, and a response that answers each correctly. */
export const ALL_TYPES: Array<Record<string, unknown>> = [
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
  {
    key: 'distance',
    type: 'range',
    label: 'Distance to water (km)',
    validation: { min: '0', max: '20', step: '0.5' },
  },
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
export const GOOD = {
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

/** Every sheet of a workbook: its header and its rows as objects (an empty cell is null). */
export async function workbookSheets(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return Object.fromEntries(
    wb.worksheets.map((ws) => {
      const header = (ws.getRow(1).values as unknown[]).slice(1) as string[];
      const rows: Array<Record<string, unknown>> = [];
      ws.eachRow((r, i) => {
        if (i === 1) return;
        const v = r.values as unknown[];
        rows.push(Object.fromEntries(header.map((h, j) => [h, v[j + 1] ?? null])));
      });
      return [ws.name, { header, rows }];
    }),
  );
}
