import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
import { createUser, signIn } from '../test/helpers/auth.js';
import { TestClient } from '../test/helpers/client.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { until } from '../test/helpers/wait.js';
import { projects } from '../src/server/modules/projects/projects.tables.js';
import {
  formLinks,
  formResponses,
  stakeholders,
} from '../src/server/modules/forms/forms.tables.js';
import { launchBrowser, shot } from './helpers/browser.js';
import { startJourney, type Journey } from './helpers/journey.js';

let t: TestApp;
let base: string;
let browser: BrowserContext;
let journey: Journey;

beforeAll(async () => {
  journey = await startJourney();
  ({ t, base, browser } = journey);
});
afterAll(() => journey?.close());

/** The household members repeat both forms ask: name (required), age, "in school?" under 18. */
const membersRepeat = [
  {
    key: 'members',
    type: 'repeat',
    label: 'Household members',
    itemLabel: 'member',
    validation: { min: '1', max: '6' },
  },
  { key: 'name', type: 'short_text', label: 'Name', required: true, repeatKey: 'members' },
  { key: 'age', type: 'integer', label: 'Age', repeatKey: 'members' },
  {
    key: 'school',
    type: 'yes_no',
    label: 'In school?',
    repeatKey: 'members',
    relevant: '${age} < 18',
  },
];

/** The members the page shows: each instance's name and age, as its inputs hold them. */
async function shownMembers(page: Page) {
  const repeat = page.getByRole('group', { name: 'Household members' });
  const out: Array<[string, string]> = [];
  const n = await repeat.getByRole('group', { name: /^Member \d+$/ }).count();
  for (let i = 1; i <= n; i++) {
    const member = repeat.getByRole('group', { name: `Member ${i}`, exact: true });
    out.push([
      await member.getByRole('textbox', { name: 'Name' }).inputValue(),
      await member.getByRole('textbox', { name: 'Age' }).inputValue(),
    ]);
  }
  return out;
}

/** The drafts this device keeps in IndexedDB (the page's own store), read in the page. */
const draftsOnDevice = () =>
  new Promise<Array<{ answers: Record<string, unknown> }>>((resolve, reject) => {
    const open = indexedDB.open('pathways-public-forms');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const all = db.transaction('drafts').objectStore('drafts').getAll();
      all.onsuccess = () => {
        db.close();
        resolve(all.result as Array<{ answers: Record<string, unknown> }>);
      };
    };
  });

it('a personal link prefills the household; the draft on the device wins after a reload; the response stores the respondent’s members', async () => {
  const user = await createUser(t.app, { name: 'Halima Yusuf' });
  const team = await createTeamFor(t.app, user.id, 'Livelihoods Tanzania');
  const db = t.app.ctx.db;
  const [project] = await db
    .insert(projects)
    .values({ teamId: team.id, name: 'Household resilience' })
    .returning();
  const client = await signIn(t.app, user);
  const formOf = async (body: Record<string, unknown>, questions: object[]) => {
    const res = await client.post(`/projects/${project.id}/forms`, body);
    const id = res.headers.location!.split('/')[2];
    for (const q of questions)
      expect((await client.post(`/forms/${id}/questions`, q)).statusCode).toBe(303);
    expect((await client.post(`/forms/${id}/versions`)).statusCode).toBe(303);
    return id;
  };

  // a household registered with three members through the registration form's open link
  const reg = await formOf({ name: 'Household registration', kind: 'stakeholder' }, [
    { key: 'full_name', type: 'short_text', label: 'Head of household', required: true },
    ...membersRepeat,
  ]);
  const [open] = await db.select().from(formLinks).where(eq(formLinks.formId, reg));
  const registered = await new TestClient(t.app, { inertia: false }).request(
    'POST',
    `/f/${open.token}`,
    {
      id: randomUUID(),
      version: 1,
      answers: {
        full_name: 'Juma Mrisho',
        members: [
          { name: 'Amina', age: '34' },
          { name: 'Baraka', age: '9', school: 'yes' },
          { name: 'Imani', age: '2' },
        ],
      },
    },
    { accept: 'application/json' },
  );
  expect(registered.statusCode).toBe(201);
  const [juma] = await db.select().from(stakeholders).where(eq(stakeholders.projectId, project.id));

  // a follow-up survey asking the same household, and Juma's personal link to it
  const survey = await formOf(
    { name: 'Household follow-up', kind: 'survey', anonymous: false, waves: ['baseline'] },
    [{ key: 'village', type: 'short_text', label: 'Village' }, ...membersRepeat],
  );
  expect(
    (await client.post(`/stakeholders/${juma.id}/links`, { formId: survey, wave: 'baseline' }))
      .statusCode,
  ).toBe(303);
  const [link] = await db
    .select()
    .from(formLinks)
    .where(and(eq(formLinks.stakeholderId, juma.id), eq(formLinks.formId, survey)));
  const url = `${base}/f/${link.token}`;

  // first visit, no draft yet: the registration's members are there
  const phone = await browser.newPage();
  await phone.setViewportSize({ width: 375, height: 812 });
  await phone.goto(url);
  await phone.getByRole('heading', { name: 'Household follow-up' }).waitFor();
  await phone.getByRole('group', { name: 'Member 3', exact: true }).waitFor();
  await expect(shownMembers(phone)).resolves.toEqual([
    ['Amina', '34'],
    ['Baraka', '9'],
    ['Imani', '2'],
  ]);

  // the respondent removes Baraka (who moved out), corrects Amina's age, names the village
  await phone.getByRole('button', { name: 'Remove member 2' }).click();
  await phone.getByRole('group', { name: 'Member 3', exact: true }).waitFor({ state: 'detached' });
  await phone
    .getByRole('group', { name: 'Member 1', exact: true })
    .getByRole('textbox', { name: 'Age' })
    .fill('35');
  await phone.getByRole('textbox', { name: 'Village' }).fill('Moshi');
  await phone.getByRole('status').filter({ hasText: 'Saved on this device' }).waitFor();
  // the last change is the one stored: wait for the device's draft to hold all three
  await until(async () => {
    const [draft] = await phone.evaluate(draftsOnDevice);
    const a = draft?.answers as { village?: string; members?: Array<Record<string, string>> };
    return (
      a?.village === 'Moshi' &&
      a.members?.map((m) => `${m.name}:${m.age}`).join(',') === 'Amina:35,Imani:2'
    );
  }, 'the draft saved on the device');

  // a reload: the server's prefill still has three members and Amina at 34, the draft wins
  await phone.reload();
  await phone.getByRole('status').filter({ hasText: 'were restored' }).waitFor();
  await phone.getByRole('group', { name: 'Member 2', exact: true }).waitFor();
  await expect(shownMembers(phone)).resolves.toEqual([
    ['Amina', '35'],
    ['Imani', '2'],
  ]);
  await expect(phone.getByRole('textbox', { name: 'Village' }).inputValue()).resolves.toBe('Moshi');
  console.log('screenshot', await shot(phone, 'public-form-prefill-draft-restored-375'));

  // another device (a fresh browser, no draft) opening the same link gets the prefill
  const other = await launchBrowser({ viewport: { width: 375, height: 812 } });
  try {
    await other.page.goto(url);
    await other.page.getByRole('group', { name: 'Member 3', exact: true }).waitFor();
    await expect(shownMembers(other.page)).resolves.toEqual([
      ['Amina', '34'],
      ['Baraka', '9'],
      ['Imani', '2'],
    ]);
    await expect(other.page.getByRole('textbox', { name: 'Village' }).inputValue()).resolves.toBe(
      '',
    );
    console.log('screenshot', await shot(other.page, 'public-form-prefill-fresh-375'));
  } finally {
    await other.close();
  }

  // sent: the stored response has the respondent's members, not the prefill
  await phone.getByRole('button', { name: 'Send' }).click();
  await phone.getByText('Thank you: your answers were received.').waitFor();
  const responsesOf = () => db.select().from(formResponses).where(eq(formResponses.formId, survey));
  await until(async () => (await responsesOf()).length === 1, 'the response stored');
  const [stored] = await responsesOf();
  expect(stored.stakeholderId).toBe(juma.id);
  expect(stored.answers).toEqual({
    village: 'Moshi',
    members: [
      { name: 'Amina', age: 35 },
      { name: 'Imani', age: 2 },
    ],
  });
  // the sent draft is gone from the device; another response starts from this one (as the
  // server's prefill now does), on this page and on the next visit
  await expect(phone.evaluate(draftsOnDevice)).resolves.toEqual([]);
  await phone.getByRole('button', { name: 'Send another response' }).click();
  await phone.getByRole('group', { name: 'Member 2', exact: true }).waitFor();
  await expect(shownMembers(phone)).resolves.toEqual([
    ['Amina', '35'],
    ['Imani', '2'],
  ]);
  await phone.reload();
  await phone.getByRole('group', { name: 'Member 2', exact: true }).waitFor();
  await expect(shownMembers(phone)).resolves.toEqual([
    ['Amina', '35'],
    ['Imani', '2'],
  ]);
  await phone.close();
});
