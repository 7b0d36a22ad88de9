import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fakeModelApp } from '../../../../test/helpers/fake-model-app.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { aiRequestsInMonth } from '../settings/index.js';
import { teamSettings } from '../settings/settings.tables.js';
import { formsTestKit } from '../forms/test-support.js';
import type { IntelligentColumnProps } from '../../../shared/coding/coding.pages.js';
import { codingDecisions } from './coding.tables.js';
import { MODEL_BATCH } from './coding.model.js';

/**
 * Deductive coding by a configured model: a local fake chat completions server answers; the
 * shared client's waits go to a recording sleeper (no real waiting).
 */
const waits: number[] = [];
const env = fakeModelApp({ model: { sleep: async (ms) => void waits.push(ms), maxAttempts: 3 } });
const kit = formsTestKit(() => env.t);

const TEXTS = [
  'Call Amina on +254 712 345 678. The school is far away from our house.',
  'We cannot pay the school fees.',
  'Nothing stops them.',
];
const CODES = [
  {
    key: 'distance',
    label: 'Distance',
    definition: 'The school is too far.',
    include: ['far'],
    exclude: [],
    examples: ['we walk two hours'],
  },
  {
    key: 'cost',
    label: 'Cost',
    definition: 'Fees or costs.',
    include: ['fee'],
    exclude: ['free'],
    examples: [],
  },
];

async function world() {
  const s = await kit.setup();
  const formId = await kit.newForm(s);
  await kit.add(s, formId, { key: 'barrier', type: 'long_text', label: 'What stops them?' });
  await kit.publish(s, formId);
  const token = await kit.openToken(formId);
  for (const text of TEXTS) {
    const res = await kit.submit(kit.publicClient(), token, {
      id: randomUUID(),
      version: 1,
      answers: { barrier: text },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  const res = await s.client.post(`/forms/${formId}/intelligent-columns`, {
    name: 'Barriers',
    questionKeys: ['barrier'],
  });
  const id = res.headers.location!.split('/')[2];
  expect(
    (await s.client.put(`/intelligent-columns/${id}/codebook`, { codes: CODES })).statusCode,
  ).toBe(303);
  return { ...s, formId, id };
}
type World = Awaited<ReturnType<typeof world>>;
const page = async (s: World) =>
  (await s.client.page(`/intelligent-columns/${s.id}`)).props as IntelligentColumnProps & {
    errors: Record<string, string>;
  };
const settings = (engine: 'rules' | 'model') => ({
  name: 'Barriers',
  threshold: 0.6,
  samplePercent: 20,
  engine,
});
const run = async (s: World) => {
  expect((await s.client.post(`/intelligent-columns/${s.id}/runs`)).statusCode).toBe(303);
  await drainJobs(env.t.app);
  return page(s);
};
const reply = (answers: unknown) => ({ text: JSON.stringify({ answers }) });

describe('deductive coding by the model', () => {
  it('codes masked answers with verbatim quotes, refuses invented ones, and retries after 429', async () => {
    const s = await world();
    const before = await page(s);
    expect(before.model).toBe('fake-model');
    expect(before.column.engine).toBe('rules');
    expect((await s.client.put(`/intelligent-columns/${s.id}`, settings('model'))).statusCode).toBe(
      303,
    );
    expect((await page(s)).column.engine).toBe('model');

    waits.length = 0;
    env.fake.requests.length = 0;
    env.fake.replies = [
      { status: 429, retryAfter: '7' },
      reply([
        { id: 1, codes: [{ code: 'distance', quote: 'far  away from our HOUSE' }] },
        // a made-up quote, and a code that is not in the codebook
        {
          id: 2,
          codes: [
            { code: 'cost', quote: 'the fees are too high' },
            { code: 'hunger', quote: 'school fees' },
          ],
        },
        { id: 3, codes: [] },
      ]),
    ];
    const p = await run(s);
    // the 429 was retried after the wait it asked for, asked of the injected sleeper
    expect(waits).toEqual([7000]);
    expect(env.fake.requests).toHaveLength(2);
    expect(p.run).toMatchObject({
      status: 'done',
      engine: 'model',
      engineVersion: 'fake-model',
      codebookVersion: 1,
    });
    // sent masked, with the codebook (definitions, rules, examples)
    const sent = JSON.stringify(env.fake.requests[1].body);
    expect(sent).not.toContain('712 345 678');
    expect(env.fake.requests[1].body.response_format).toEqual({ type: 'json_object' });
    const user = JSON.parse(
      (env.fake.requests[1].body.messages as Array<{ content: string }>)[1].content,
    ) as { codebook: unknown[]; answers: Array<{ id: number; answer: string }> };
    expect(user.codebook[1]).toEqual({
      code: 'cost',
      label: 'Cost',
      definition: 'Fees or costs.',
      include: ['fee'],
      exclude: ['free'],
      examples: [],
    });
    expect(user.answers[0]).toEqual({
      id: 1,
      answer: 'Call Amina on [phone 1]. The school is far away from our house.',
    });

    expect(p.run!.refusals).toEqual([
      expect.objectContaining({
        seq: 2,
        code: 'cost',
        quote: 'the fees are too high',
        reason: 'The quote is not in the answer: the code was not applied.',
      }),
      expect.objectContaining({
        seq: 2,
        code: 'hunger',
        reason: expect.stringContaining('not a code'),
      }),
    ]);
    const decisions = await env.t.app.ctx.db
      .select()
      .from(codingDecisions)
      .where(eq(codingDecisions.runId, p.run!.id));
    expect(decisions).toHaveLength(3);
    for (const d of decisions)
      expect(d).toMatchObject({ engine: 'model', engineVersion: 'fake-model', codebookVersion: 1 });
    const coded = decisions.flatMap((d) => d.codes);
    expect(coded).toEqual([
      {
        code: 'distance',
        spans: [{ question: 'barrier', start: 46, end: 69, text: 'far away from our house' }],
      },
    ]);
    // the kappa threshold applies as for the rules: not verified yet, so only suggested
    expect(p.agreement.find((a) => a.code === 'distance')?.status).toBe('suggested');
    expect(await aiRequestsInMonth(env.t.app.ctx.db, s.team.id, new Date())).toBe(1);
  });

  it('refuses a reply that is not JSON, fails the run after repeated 5xx, and respects the monthly limit', async () => {
    const s = await world();
    await s.client.put(`/intelligent-columns/${s.id}`, settings('model'));

    env.fake.replies = [{ text: 'Sure! Response 1 is about distance.' }];
    const bad = await run(s);
    expect(bad.run).toMatchObject({ status: 'done', engine: 'model' });
    expect(bad.run!.refusals).toEqual([
      expect.objectContaining({
        responseId: null,
        reason: 'The model did not answer a JSON object. Responses #1 to #3 were not coded.',
      }),
    ]);
    expect(bad.coded).toEqual([]);

    waits.length = 0;
    env.fake.requests.length = 0;
    env.fake.replies = [{ status: 500 }, { status: 502 }, { status: 503 }];
    const failed = await run(s);
    expect(env.fake.requests).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);
    expect(failed.run).toMatchObject({
      status: 'failed',
      error:
        'The model could not code: The model service answered HTTP 503 on all 3 attempts; try again later.',
    });

    const used = await aiRequestsInMonth(env.t.app.ctx.db, s.team.id, new Date());
    await env.t.app.ctx.db.insert(teamSettings).values({ teamId: s.team.id, aiMonthlyLimit: used });
    env.fake.requests.length = 0;
    const limited = await run(s);
    expect(env.fake.requests).toHaveLength(0);
    expect(limited.run).toMatchObject({
      status: 'failed',
      error: 'Stopped: the team has used its AI model requests for this month (Settings, limits).',
    });
    expect(MODEL_BATCH).toBeGreaterThanOrEqual(TEXTS.length);
  });
});
