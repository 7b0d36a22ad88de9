import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeModelApp } from '../../../../test/helpers/fake-model-app.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { aiRequestsInMonth } from '../settings/index.js';
import { teamSettings } from '../settings/settings.tables.js';
import { formsTestKit } from '../forms/test-support.js';
import type { IntelligentColumnKindProps } from '../../../shared/coding/kinds.pages.js';
import { SUMMARY_ENGINE } from './coding.summary.js';

/**
 * A summary column summarised by a configured model (a local fake chat completions server):
 * statements kept only with verbatim quotes of the answers they cite; the rest refused and listed.
 */
const env = fakeModelApp({ model: { sleep: async () => undefined, maxAttempts: 2 } });
const kit = formsTestKit(() => env.t);

const TEXTS = [
  'Call me on +254 712 345 678. The school is far away from our house.',
  'We cannot pay the school fees.',
  'The fees went up again this year.',
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
    name: 'Barriers summary',
    kind: 'summary',
    questionKeys: ['barrier'],
  });
  expect(res.statusCode, res.body).toBe(303);
  const id = res.headers.location!.split('/')[2];
  return { ...s, formId, id };
}
type World = Awaited<ReturnType<typeof world>>;
const page = async (s: World) =>
  (await s.client.page(`/intelligent-columns/${s.id}`)).props as IntelligentColumnKindProps & {
    errors: Record<string, string>;
  };
const useModel = (s: World, engine: 'rules' | 'model') =>
  s.client.put(`/intelligent-columns/${s.id}`, {
    name: 'Barriers summary',
    threshold: 0.6,
    samplePercent: 20,
    engine,
  });
const run = async (s: World) => {
  expect((await s.client.post(`/intelligent-columns/${s.id}/runs`)).statusCode).toBe(303);
  await drainJobs(env.t.app);
  return page(s);
};
const reply = (statements: unknown) => ({ text: JSON.stringify({ statements }) });

describe('summary by the model', () => {
  it('keeps statements whose quotes are verbatim, refuses invented quotes and unknown answers', async () => {
    const s = await world();
    // the offline TextRank is the default
    const offline = await run(s);
    expect(offline.run).toMatchObject({ status: 'done', engine: SUMMARY_ENGINE });
    expect(offline.summary).toMatchObject({ engine: 'textrank' });
    expect(offline.model).toBe('fake-model');

    expect((await useModel(s, 'model')).statusCode).toBe(303);
    expect((await page(s)).column.engine).toBe('model');
    env.fake.requests.length = 0;
    env.fake.replies = [
      reply([
        {
          statement: 'Distance: the school is far from home.',
          quotes: [{ id: 1, quote: 'far  away from our HOUSE' }],
        },
        {
          statement: 'Fees keep families from school.',
          quotes: [
            { id: 2, quote: 'cannot pay the school fees' },
            { id: 3, quote: 'The fees went up' },
          ],
        },
        // an invented quote, and an answer it was not given
        { statement: 'Fees are too high.', quotes: [{ id: 2, quote: 'the fees are too high' }] },
        { statement: 'Uniforms cost.', quotes: [{ id: 9, quote: 'uniforms' }] },
      ]),
    ];
    const p = await run(s);
    expect(env.fake.requests).toHaveLength(1);
    // sent masked
    const sent = JSON.stringify(env.fake.requests[0].body);
    expect(sent).not.toContain('712 345 678');
    expect(env.fake.requests[0].body.response_format).toEqual({ type: 'json_object' });
    const user = JSON.parse(
      (env.fake.requests[0].body.messages as Array<{ content: string }>)[1].content,
    ) as { answers: Array<{ id: number; answer: string }> };
    expect(user.answers[0]).toEqual({
      id: 1,
      answer: 'Call me on [phone 1]. The school is far away from our house.',
    });

    expect(p.run).toMatchObject({ status: 'done', engine: 'model', engineVersion: 'fake-model' });
    expect(p.summary).toMatchObject({ engine: 'model', model: 'fake-model', overall: [] });
    const statements = p.summary!.statements!;
    expect(statements.map((x) => x.text)).toEqual([
      'Distance: the school is far from home.',
      'Fees keep families from school.',
    ]);
    expect(statements[0].quotes).toEqual([
      expect.objectContaining({
        seq: 1,
        question: 'barrier',
        start: TEXTS[0].indexOf('far away'),
        end: TEXTS[0].indexOf('far away') + 23,
        text: 'far away from our house',
      }),
    ]);
    expect(statements[1].quotes.map((q) => [q.seq, q.text])).toEqual([
      [2, 'cannot pay the school fees'],
      [3, 'The fees went up'],
    ]);
    expect(p.run!.refusals).toEqual([
      expect.objectContaining({
        seq: 2,
        quote: 'the fees are too high',
        reason: expect.stringContaining('The quote is not in the answer it cites.'),
      }),
      expect.objectContaining({
        responseId: null,
        reason: expect.stringContaining('answer 9, which the model was not given'),
      }),
    ]);
    expect(JSON.stringify(p.summary)).not.toContain('too high');
    expect(await aiRequestsInMonth(env.t.app.ctx.db, s.team.id, new Date())).toBe(1);
  });

  it('refuses a reply that is not JSON and stops at the monthly limit', async () => {
    const s = await world();
    expect((await useModel(s, 'model')).statusCode).toBe(303);
    env.fake.replies = [{ text: 'Most people say the school is far.' }];
    const bad = await run(s);
    expect(bad.run).toMatchObject({ status: 'done', engine: 'model' });
    expect(bad.summary!.statements).toEqual([]);
    expect(bad.run!.refusals).toEqual([
      expect.objectContaining({
        responseId: null,
        reason:
          'The model did not answer a JSON object. Responses #1 to #3 are not in the summary.',
      }),
    ]);
    const used = await aiRequestsInMonth(env.t.app.ctx.db, s.team.id, new Date());
    expect(used).toBe(1);

    await env.t.app.ctx.db.insert(teamSettings).values({ teamId: s.team.id, aiMonthlyLimit: used });
    env.fake.requests.length = 0;
    const limited = await run(s);
    expect(env.fake.requests).toHaveLength(0);
    expect(limited.run).toMatchObject({
      status: 'failed',
      error: 'Stopped: the team has used its AI model requests for this month (Settings, limits).',
    });
    // the last finished run's summary stays shown
    expect(limited.summary).toMatchObject({ engine: 'model', statements: [] });
  });
});
