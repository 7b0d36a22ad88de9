import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { formsTestKit } from '../forms/test-support.js';
import type { IntelligentColumnProps } from '../../../shared/coding/coding.pages.js';
import type { DeductiveInputsProps } from '../../../shared/coding/coding.pages.js';
import { themes } from './coding.themes.tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const kit = formsTestKit(() => t);

const TOPICS = [
  [
    'The school is far from our village.',
    'We walk a long way, the school is too far.',
    'The walk takes two hours, far away.',
  ],
  [
    'We cannot pay the school fees.',
    'The fees cost too much money.',
    'No money for fees and uniforms.',
  ],
  [
    'My son was sick with malaria.',
    'She was ill and sick for weeks.',
    'Malaria made him sick and ill.',
  ],
];

async function world(answers: number) {
  const s = await kit.setup();
  const formId = await kit.newForm(s);
  await kit.add(s, formId, { key: 'barrier', type: 'long_text', label: 'What stops them?' });
  await kit.publish(s, formId);
  const token = await kit.openToken(formId);
  const submit = async (n: number) => {
    const topic = TOPICS[n % 3];
    const res = await kit.submit(kit.publicClient(), token, {
      id: randomUUID(),
      version: 1,
      answers: { barrier: `${topic[n % 3]} ${topic[(n + 1) % 3]}` },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };
  for (let n = 0; n < answers; n++) await submit(n);
  const col = await s.client.post(`/forms/${formId}/intelligent-columns`, {
    name: 'Barriers',
    questionKeys: ['barrier'],
  });
  const id = col.headers.location!.split('/')[2];
  return { ...s, formId, id, submit };
}
type World = Awaited<ReturnType<typeof world>>;
const columnPage = async (s: World) =>
  (await s.client.page(`/intelligent-columns/${s.id}`)).props as IntelligentColumnProps & {
    errors: Record<string, string>;
  };

describe('theme discovery', () => {
  it('discover -> themes -> turn into code -> the codebook version has it; re-discovery adds a run', async () => {
    const s = await world(30);
    expect((await columnPage(s)).themes).toEqual({ runs: [], totalRuns: 0 });

    // bad input on its field, nothing written
    await s.client.post(
      `/intelligent-columns/${s.id}/themes`,
      { k: '40' },
      { referer: `http://localhost/intelligent-columns/${s.id}` },
    );
    let page = await columnPage(s);
    expect(page.errors).toMatchObject({ k: expect.stringContaining('2 to 12') });
    expect(page.themes.totalRuns).toBe(0);

    expect(
      (await s.client.post(`/intelligent-columns/${s.id}/themes`, { k: 'auto' })).statusCode,
    ).toBe(303);
    page = await columnPage(s);
    expect(page.themes.runs[0]).toMatchObject({ status: 'queued', kRequested: null });
    // one at a time
    await s.client.post(
      `/intelligent-columns/${s.id}/themes`,
      { k: '3' },
      { referer: `http://localhost/intelligent-columns/${s.id}` },
    );
    expect((await columnPage(s)).errors).toMatchObject({
      k: expect.stringContaining('in progress'),
    });
    await drainJobs(t.app);

    page = await columnPage(s);
    const run = page.themes.runs[0];
    expect(run).toMatchObject({ status: 'done', k: 3, answered: 30, unclustered: 0, error: null });
    expect(run.themes.map((x) => x.size)).toEqual([10, 10, 10]);
    const fees = run.themes.find((x) => x.topTerms.some((w) => w.term === 'fee'))!;
    expect(fees.quotes).toHaveLength(3);
    expect(fees.quotes.every((q) => /fee/.test(q.text))).toBe(true);

    // turn the fees theme into a code: a new codebook version with it
    const bad = await s.client.post(
      `/intelligent-columns/${s.id}/themes/${fees.id}/code`,
      { label: '' },
      { referer: `http://localhost/intelligent-columns/${s.id}` },
    );
    expect(bad.statusCode).toBe(303);
    expect((await columnPage(s)).errors).toMatchObject({ label: expect.any(String) });
    const made = await s.client.post(`/intelligent-columns/${s.id}/themes/${fees.id}/code`, {
      label: 'Cost of school',
    });
    expect(made.statusCode, made.body).toBe(303);
    const inputs = (await s.client.page(`/intelligent-columns/${s.id}/codebook`))
      .props as DeductiveInputsProps;
    expect(inputs.column.codebookVersion).toBe(1);
    expect(inputs.codes).toEqual([
      expect.objectContaining({
        key: 'cost_of_school',
        label: 'Cost of school',
        include: expect.arrayContaining(['fee']),
        examples: fees.quotes.map((q) => q.text),
      }),
    ]);
    expect(inputs.codes[0].definition).toMatch(/Machine-suggested/);
    page = await columnPage(s);
    expect(page.themes.runs[0].themes.find((x) => x.id === fees.id)!.code).toEqual({
      key: 'cost_of_school',
      codebookVersion: 1,
    });
    // twice is refused on the field; a second theme with the same label gets its own key
    await s.client.post(
      `/intelligent-columns/${s.id}/themes/${fees.id}/code`,
      { label: 'Cost of school' },
      { referer: `http://localhost/intelligent-columns/${s.id}` },
    );
    expect((await columnPage(s)).errors).toMatchObject({
      label: expect.stringContaining('already'),
    });
    const other = run.themes.find((x) => x.id !== fees.id)!;
    await s.client.post(`/intelligent-columns/${s.id}/themes/${other.id}/code`, {
      label: 'Cost of school',
    });
    const v2 = (await s.client.page(`/intelligent-columns/${s.id}/codebook`))
      .props as DeductiveInputsProps;
    expect(v2.codes.map((c) => c.key)).toEqual(['cost_of_school', 'cost_of_school_2']);
    expect(v2.versions.map((v) => v.number)).toEqual([2, 1]);

    // the code applies: a coding run with the codebook finds it in the fee answers
    await s.client.post(`/intelligent-columns/${s.id}/runs`);
    await drainJobs(t.app);
    page = await columnPage(s);
    expect(page.run).toMatchObject({ status: 'done', codebookVersion: 2 });
    expect(
      page.coded.filter((c) => c.codes.some((x) => x.code === 'cost_of_school')),
    ).not.toHaveLength(0);

    // new answers, re-discovery with a fixed k: a new run, the older one listed
    for (let n = 30; n < 36; n++) await s.submit(n);
    await s.client.post(`/intelligent-columns/${s.id}/themes`, { k: '4' });
    await drainJobs(t.app);
    page = await columnPage(s);
    expect(page.themes.totalRuns).toBe(2);
    expect(page.themes.runs.map((r) => [r.status, r.k, r.answered])).toEqual([
      ['done', 4, 36],
      ['done', 3, 30],
    ]);

    const actions = (
      await t.app.ctx.db.select().from(auditLogs).where(eq(auditLogs.subjectId, s.id))
    ).map((a) => a.action);
    expect(actions.filter((a) => a === 'themes.discovery_started')).toHaveLength(2);
    expect(actions.filter((a) => a === 'themes.coded')).toHaveLength(2);
    expect(actions.filter((a) => a === 'codebook.saved')).toHaveLength(2);
  });

  it('too few answers: the run fails and says why', async () => {
    const s = await world(4);
    await s.client.post(`/intelligent-columns/${s.id}/themes`, { k: 'auto' });
    await drainJobs(t.app);
    const run = (await columnPage(s)).themes.runs[0];
    expect(run).toMatchObject({ status: 'failed', themes: [] });
    expect(run.error).toMatch(/at least 10/);
  });

  it("another team's column and theme answer 404", async () => {
    const s = await world(12);
    await s.client.post(`/intelligent-columns/${s.id}/themes`, { k: '2' });
    await drainJobs(t.app);
    const [theme] = await t.app.ctx.db.select().from(themes);
    const { user, client } = await signedInUser(t.app);
    await createTeamFor(t.app, user.id);
    expect(
      (await client.post(`/intelligent-columns/${s.id}/themes`, { k: 'auto' })).statusCode,
    ).toBe(404);
    expect(
      (await client.post(`/intelligent-columns/${s.id}/themes/${theme.id}/code`, { label: 'X' }))
        .statusCode,
    ).toBe(404);
    // a theme of another column of the same team: 404 too
    const col2 = await s.client.post(`/forms/${s.formId}/intelligent-columns`, {
      name: 'Second',
      questionKeys: ['barrier'],
    });
    const id2 = col2.headers.location!.split('/')[2];
    expect(
      (await s.client.post(`/intelligent-columns/${id2}/themes/${theme.id}/code`, { label: 'X' }))
        .statusCode,
    ).toBe(404);
    expect((await columnPage(s)).themes.totalRuns).toBe(1);
  });
});
