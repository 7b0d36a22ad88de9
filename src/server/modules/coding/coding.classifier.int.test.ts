import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { formsTestKit } from '../forms/test-support.js';
import type { IntelligentColumnProps } from '../../../shared/coding/coding.pages.js';
import { cohensKappa, confusionOf } from '../../../shared/coding/kappa.js';
import { codingDecisions, codingRuns } from './coding.tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const kit = formsTestKit(() => t);

// the rules know "far" and "fee"; people also code "walk two hours" as distance
const TEXTS = [
  'The school is far away from our house.',
  'We walk two hours every day to reach it.',
  'The bus fare and the fees cost too much.',
  'We cannot pay the school fees.',
];
const HUMAN = [['distance'], ['distance'], ['cost'], ['cost']];
const code = (key: string, include: string[]) => ({
  key,
  label: key[0].toUpperCase() + key.slice(1),
  definition: `About ${key}.`,
  include,
  exclude: [],
  examples: [],
});

async function world() {
  const s = await kit.setup();
  const formId = await kit.newForm(s);
  await kit.add(s, formId, { key: 'barrier', type: 'long_text', label: 'What stops them?' });
  await kit.publish(s, formId);
  const token = await kit.openToken(formId);
  for (let i = 0; i < 32; i++) {
    const res = await kit.submit(kit.publicClient(), token, {
      id: randomUUID(),
      version: 1,
      answers: { barrier: TEXTS[i % 4] },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  const res = await s.client.post(`/forms/${formId}/intelligent-columns`, {
    name: 'Barriers',
    questionKeys: ['barrier'],
    samplePercent: 100,
  });
  expect(res.statusCode, res.body).toBe(303);
  const id = res.headers.location!.split('/')[2];
  const saved = await s.client.put(`/intelligent-columns/${id}/codebook`, {
    codes: [code('distance', ['far']), code('cost', ['fee']), code('safety', ['unsafe'])],
  });
  expect(saved.statusCode, saved.body).toBe(303);
  return { ...s, formId, id };
}
type World = Awaited<ReturnType<typeof world>>;
const columnPage = async (s: World) =>
  (await s.client.page(`/intelligent-columns/${s.id}`)).props as IntelligentColumnProps & {
    errors: Record<string, string>;
  };
const settings = (engine: string, threshold = 0.6) => ({
  name: 'Barriers',
  threshold,
  samplePercent: 100,
  engine,
});

/**
 * Code `n` answers of the queue as a person would (the text tells the codes), but for one slip:
 * the first "cannot pay the school fees" is left uncoded (`slip`).
 */
async function codeQueue(s: World, n: number, slip = { done: false }) {
  const human = new Map<string, string[]>();
  for (let i = 0; i < n; i++) {
    const next = (await columnPage(s)).queue.next!;
    const which = TEXTS.indexOf(next.answers[0].text);
    const codes = which === 3 && !slip.done ? [] : HUMAN[which];
    if (which === 3) slip.done = true;
    human.set(next.responseId, codes);
    const res = await s.client.post(`/intelligent-columns/${s.id}/verifications`, {
      responseId: next.responseId,
      codes,
    });
    expect(res.statusCode).toBe(303);
  }
  return human;
}

describe('the classifier engine through the routes', () => {
  it('trains on the human codes, runs, records engine and version, respects the threshold', async () => {
    const s = await world();
    const referer = { referer: `http://localhost/intelligent-columns/${s.id}` };
    // too few human codes: the classifier cannot be chosen, and the page says what is missing
    const slip = { done: false };
    const first = await codeQueue(s, 6, slip);
    await s.client.put(`/intelligent-columns/${s.id}`, settings('classifier'), referer);
    let page = await columnPage(s);
    expect(page.errors).toMatchObject({ engine: expect.stringContaining('Too few human codes') });
    expect(page.column.engine).toBe('rules');
    expect(page.training).toMatchObject({ min: 5, sample: 32 });
    expect(page.training.examples).toBe(6);
    expect(page.training.codes.every((c) => !c.trained)).toBe(true);

    const human = new Map([...first, ...(await codeQueue(s, 18, slip))]);
    page = await columnPage(s);
    expect(page.training.examples).toBe(24);
    expect(page.training.codes.map((c) => [c.code, c.trained])).toEqual([
      ['distance', true],
      ['cost', true],
      ['safety', false],
    ]);
    const put = await s.client.put(`/intelligent-columns/${s.id}`, settings('classifier'));
    expect(put.statusCode).toBe(303);
    expect((await columnPage(s)).column.engine).toBe('classifier');

    expect((await s.client.post(`/intelligent-columns/${s.id}/runs`)).statusCode).toBe(303);
    await drainJobs(t.app);
    page = await columnPage(s);
    expect(page.run).toMatchObject({ status: 'done', engine: 'classifier', processed: 32 });
    expect(page.run!.engineVersion).toMatch(
      /^classifier-1 .*; trained on 24 human-coded answers #[0-9a-f]{8}; codebook v1; rules for: safety$/,
    );

    const [run] = await t.app.ctx.db
      .select()
      .from(codingRuns)
      .where(eq(codingRuns.id, page.run!.id));
    const rows = await t.app.ctx.db
      .select()
      .from(codingDecisions)
      .where(eq(codingDecisions.runId, run.id));
    expect(rows).toHaveLength(32);
    for (const r of rows) {
      expect(r.engine).toBe('classifier');
      expect(r.codebookVersion).toBe(1);
      // a human-coded answer is decided by the model trained without its fold: no leakage
      if (human.has(r.responseId)) expect(r.engineVersion).toMatch(/fold \d of 5 held out/);
      else expect(r.engineVersion).toBe(run.engineVersion);
      for (const c of r.codes) {
        expect(c.spans.length).toBeGreaterThan(0);
        if (c.by === undefined) expect(c.confidence).toBeGreaterThanOrEqual(0.5);
      }
    }
    // the classifier learned what the rules miss: "walk two hours" is distance
    const walk = page.coded.find((c) => c.answers[0].text === TEXTS[1]);
    expect(walk?.codes.map((c) => c.code)).toEqual(['distance']);
    expect(walk!.codes[0].spans[0].text).toBe(TEXTS[1]);

    // agreement: the run's (out-of-fold) decisions against the human codes, status by threshold
    const machine = new Map(rows.map((r) => [r.responseId, r.codes.map((c) => c.code)]));
    for (const a of page.agreement) {
      const table = confusionOf(
        [...human].map(([rid, h]) => ({
          machine: machine.get(rid)!.includes(a.code),
          human: h.includes(a.code),
        })),
      );
      expect(a.confusion).toEqual(table);
      expect(a.kappa).toBe(cohensKappa(table));
      expect(a.status).toBe(a.kappa !== null && a.kappa >= 0.6 ? 'applied' : 'suggested');
    }
    expect(page.agreement.find((a) => a.code === 'distance')).toMatchObject({
      kappa: 1,
      status: 'applied',
    });
    // the slip: the classifier codes cost where the person did not (kappa below 1, above 0.6)
    const cost = page.agreement.find((a) => a.code === 'cost')!;
    expect(cost.confusion.machineOnly).toBe(1);
    expect(cost.status).toBe('applied');
    expect(cost.kappa).toBeGreaterThan(0.6);
    expect(cost.kappa).toBeLessThan(1);
    expect(page.agreement.find((a) => a.code === 'safety')!.status).toBe('suggested');
    // at threshold 1 cost is only suggested, and no longer counted
    await s.client.put(`/intelligent-columns/${s.id}`, settings('classifier', 1));
    page = await columnPage(s);
    expect(page.agreement.map((a) => a.status)).toEqual(['applied', 'suggested', 'suggested']);
    expect(page.results.codes[1].byWave.every((w) => w.count === 0 && w.suggested > 0)).toBe(true);
  });

  it("another team's column answers 404", async () => {
    const s = await world();
    const { user, client } = await signedInUser(t.app);
    await createTeamFor(t.app, user.id);
    expect(
      (await client.put(`/intelligent-columns/${s.id}`, settings('classifier'))).statusCode,
    ).toBe(404);
    expect((await client.post(`/intelligent-columns/${s.id}/runs`)).statusCode).toBe(404);
  });
});
