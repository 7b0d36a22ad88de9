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
// at most 2 parts per merge request: 3 batches merge in two rounds (the default is 8)
const env = fakeModelApp(
  { model: { sleep: async () => undefined, maxAttempts: 2 } },
  { ai: { summaryMergeFanIn: 2 } },
);
const kit = formsTestKit(() => env.t);

const TEXTS = [
  'Call me on +254 712 345 678. The school is far away from our house.',
  'We cannot pay the school fees.',
  'The fees went up again this year.',
];

/** A form with a summary column of its answers (in a wave when given: the form then has waves). */
async function world(
  answers: Array<{ text: string; wave?: string }> = TEXTS.map((text) => ({ text })),
) {
  const s = await kit.setup();
  const waves = [...new Set(answers.flatMap((a) => (a.wave ? [a.wave] : [])))];
  const formId = await kit.newForm(s, waves.length > 0 ? { anonymous: true, waves } : {});
  await kit.add(s, formId, { key: 'barrier', type: 'long_text', label: 'What stops them?' });
  await kit.publish(s, formId);
  const token = await kit.openToken(formId);
  for (const { text, wave } of answers) {
    const res = await kit.submit(kit.publicClient(), token, {
      id: randomUUID(),
      version: 1,
      ...(wave ? { wave } : {}),
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

  // baseline: 41 answers (two batches of 40 and 1), endline: 2 (one batch)
  const BASELINE = Array.from({ length: 41 }, (_, i) =>
    i % 2 === 0
      ? `The road to school floods when it rains, says family ${i + 1}.`
      : `The school fees went up again, says family ${i + 1}.`,
  );
  const ENDLINE = [
    'The new bridge means the children reach school dry.',
    'Fees are still a problem for us.',
  ];
  const wavesWorld = () =>
    world([
      ...BASELINE.map((text) => ({ text, wave: 'baseline' })),
      ...ENDLINE.map((text) => ({ text, wave: 'endline' })),
    ]);
  const batchReplies = () => [
    // baseline, answers 1 to 40
    reply([
      { statement: 'Roads to school flood.', quotes: [{ id: 1, quote: 'road to school floods' }] },
      { statement: 'Fees went up.', quotes: [{ id: 2, quote: 'school fees went up' }] },
    ]),
    // baseline, answer 41
    reply([
      {
        statement: 'Flooding again.',
        quotes: [{ id: 1, quote: 'The road to school floods when it rains' }],
      },
    ]),
    // endline
    reply([
      { statement: 'A bridge helps.', quotes: [{ id: 1, quote: 'new bridge' }] },
      {
        statement: 'Fees remain a problem.',
        quotes: [{ id: 2, quote: 'Fees are still a problem' }],
      },
    ]),
  ];
  const texts = (statements: Array<{ text: string }> | undefined) => statements?.map((x) => x.text);

  it('summarises each wave on its own, merges several batches by one more request, and refuses a merged statement citing a quote it was not given', async () => {
    const s = await wavesWorld();
    expect((await useModel(s, 'model')).statusCode).toBe(303);
    env.fake.requests.length = 0;
    env.fake.replies = [
      ...batchReplies(),
      // merging baseline's two batches: the quotes are numbered 1 (Roads), 2 (Fees), 3 (Flooding)
      reply([
        {
          statement: 'Roads to school flood when it rains.',
          quotes: [
            { id: 1, quote: 'road to school floods' },
            { id: 3, quote: 'floods when it rains' },
          ],
        },
        { statement: 'Fees went up.', quotes: [{ id: 2, quote: 'school fees went up' }] },
        // a quote id it was not given, and words not in the quote cited
        { statement: 'Uniforms cost too much.', quotes: [{ id: 7, quote: 'uniforms' }] },
        { statement: 'Fees doubled.', quotes: [{ id: 2, quote: 'fees doubled' }] },
      ]),
      // merging the waves: baseline's two merged statements (quotes 1 to 3), endline's two (4, 5)
      reply([
        {
          statement: 'Fees are a problem at baseline and still at endline.',
          quotes: [
            { id: 3, quote: 'school fees went up' },
            { id: 5, quote: 'Fees are still a problem' },
          ],
        },
        {
          statement: 'The road flooded at baseline; at endline a bridge helps.',
          quotes: [
            { id: 1, quote: 'road to school floods' },
            { id: 4, quote: 'new bridge' },
          ],
        },
      ]),
    ];
    const p = await run(s);
    expect(env.fake.requests).toHaveLength(5);
    expect(await aiRequestsInMonth(env.t.app.ctx.db, s.team.id, new Date())).toBe(5);
    const userOf = (i: number) =>
      JSON.parse(
        (env.fake.requests[i].body.messages as Array<{ content: string }>)[1].content,
      ) as Record<string, unknown>;
    // batches never mix waves
    expect((userOf(0).answers as unknown[]).length).toBe(40);
    expect(userOf(1).answers).toEqual([{ id: 1, answer: BASELINE[40] }]);
    expect(userOf(2).answers).toEqual(ENDLINE.map((answer, i) => ({ id: i + 1, answer })));
    // the merge gets the batches' statements and their quotes, numbered, not the answers
    expect(userOf(3)).toEqual({
      statements: [
        {
          statement: 'Roads to school flood.',
          quotes: [{ id: 1, quote: 'road to school floods' }],
        },
        { statement: 'Fees went up.', quotes: [{ id: 2, quote: 'school fees went up' }] },
        {
          statement: 'Flooding again.',
          quotes: [{ id: 3, quote: 'The road to school floods when it rains' }],
        },
      ],
    });

    expect(p.run).toMatchObject({ status: 'done', engine: 'model' });
    const summary = p.summary!;
    expect(texts(summary.statements)).toEqual([
      'Fees are a problem at baseline and still at endline.',
      'The road flooded at baseline; at endline a bridge helps.',
    ]);
    expect(summary.merge).toEqual({ parts: 2, of: 'waves', merged: true });
    expect(summary.statements![1].quotes.map((q) => [q.seq, q.text])).toEqual([
      [1, 'road to school floods'],
      [42, 'new bridge'],
    ]);
    expect(summary.byWave.map((w) => [w.wave, w.responses, texts(w.statements), w.merge])).toEqual([
      [
        'baseline',
        41,
        ['Roads to school flood when it rains.', 'Fees went up.'],
        { parts: 2, of: 'batches', merged: true },
      ],
      ['endline', 2, ['A bridge helps.', 'Fees remain a problem.'], undefined],
    ]);
    // a part of a quote keeps its place in the answer
    expect(summary.byWave[0].statements![0].quotes).toEqual([
      expect.objectContaining({ seq: 1, start: 4, text: 'road to school floods' }),
      expect.objectContaining({
        seq: 41,
        start: BASELINE[40].indexOf('floods'),
        end: BASELINE[40].indexOf('floods') + 'floods when it rains'.length,
        text: 'floods when it rains',
      }),
    ]);
    expect(p.run!.refusals).toEqual([
      expect.objectContaining({
        responseId: null,
        merge: true,
        quote: 'uniforms',
        reason:
          'Merging the summary of wave baseline: the quote cites quote 7, which is not among the statements merged. The merged statement “Uniforms cost too much.” was left out.',
      }),
      expect.objectContaining({
        seq: 2,
        merge: true,
        quote: 'fees doubled',
        reason: expect.stringContaining('the quote is not in quote 2 it cites.'),
      }),
    ]);
    expect(JSON.stringify(summary)).not.toContain('Uniforms');
  });

  it('lists the batches’ statements, saying why, when the merge is refused or fails', async () => {
    const s = await wavesWorld();
    expect((await useModel(s, 'model')).statusCode).toBe(303);
    env.fake.requests.length = 0;
    env.fake.replies = [
      ...batchReplies(),
      { text: 'Roads flood and fees rose.' },
      // the merge of the waves: the service keeps failing (two attempts)
      { status: 500 },
      { status: 500 },
    ];
    const p = await run(s);
    expect(env.fake.requests).toHaveLength(6);
    expect(p.run).toMatchObject({ status: 'done', engine: 'model' });
    const summary = p.summary!;
    expect(summary.byWave[0]).toMatchObject({
      wave: 'baseline',
      merge: {
        parts: 2,
        of: 'batches',
        merged: false,
        reason: 'The model did not answer a JSON object.',
      },
    });
    expect(texts(summary.byWave[0].statements)).toEqual([
      'Roads to school flood.',
      'Fees went up.',
      'Flooding again.',
    ]);
    expect(texts(summary.statements)).toEqual([
      'Roads to school flood.',
      'Fees went up.',
      'Flooding again.',
      'A bridge helps.',
      'Fees remain a problem.',
    ]);
    expect(summary.merge).toMatchObject({ parts: 2, of: 'waves', merged: false });
    expect(summary.merge!.reason).toMatch(/^The model could not merge the summary: /);
    expect(p.run!.refusals).toEqual([
      expect.objectContaining({
        responseId: null,
        merge: true,
        reason:
          'Merging the summary of wave baseline: The model did not answer a JSON object. Its 3 statements are listed, not merged.',
      }),
    ]);
  });

  it('merges many batches in rounds of at most K parts, each merged statement citing only quotes among its inputs', async () => {
    // 81 answers, no waves: batches of 40, 40 and 1
    const ANSWERS = Array.from({ length: 81 }, (_, i) =>
      i % 2 === 0
        ? `The road to school floods when it rains, says family ${i + 1}.`
        : `The school fees went up again, says family ${i + 1}.`,
    );
    const s = await world(ANSWERS.map((text) => ({ text })));
    expect((await useModel(s, 'model')).statusCode).toBe(303);
    env.fake.requests.length = 0;
    env.fake.replies = [
      // batch 1 (answers 1 to 40), batch 2 (41 to 80), batch 3 (81)
      reply([
        { statement: 'Roads flood.', quotes: [{ id: 1, quote: 'road to school floods' }] },
        { statement: 'Fees rose.', quotes: [{ id: 2, quote: 'school fees went up' }] },
      ]),
      reply([{ statement: 'Fees again.', quotes: [{ id: 2, quote: 'fees went up again' }] }]),
      reply([
        { statement: 'Rain floods the road.', quotes: [{ id: 1, quote: 'floods when it rains' }] },
      ]),
      // round 1: batches 1 and 2 (quotes 1 Roads, 2 Fees rose, 3 Fees again)
      reply([
        {
          statement: 'Fees went up, more than once.',
          quotes: [
            { id: 2, quote: 'school fees went up' },
            { id: 3, quote: 'fees went up again' },
          ],
        },
      ]),
      // round 2: round 1's merge (quote 1, 2) and batch 3 (quote 3); "road to school floods" of
      // batch 1 was dropped by round 1, so it is not among this request's inputs
      reply([
        {
          statement: 'Fees rose and rain floods the road.',
          quotes: [
            { id: 1, quote: 'school fees went up' },
            { id: 3, quote: 'floods when it rains' },
          ],
        },
        { statement: 'Roads flood.', quotes: [{ id: 4, quote: 'road to school floods' }] },
      ]),
    ];
    const p = await run(s);
    expect(env.fake.requests).toHaveLength(5);
    // every request, merges included, counts against the monthly limit
    expect(await aiRequestsInMonth(env.t.app.ctx.db, s.team.id, new Date())).toBe(5);
    const userOf = (i: number) =>
      JSON.parse((env.fake.requests[i].body.messages as Array<{ content: string }>)[1].content) as {
        statements: Array<{ statement: string }>;
      };
    // at most 2 parts per merge: round 1 merges batches 1 and 2 only, round 2 the rest
    expect(userOf(3).statements.map((x) => x.statement)).toEqual([
      'Roads flood.',
      'Fees rose.',
      'Fees again.',
    ]);
    expect(userOf(4).statements.map((x) => x.statement)).toEqual([
      'Fees went up, more than once.',
      'Rain floods the road.',
    ]);
    expect(p.run).toMatchObject({ status: 'done', engine: 'model' });
    const summary = p.summary!;
    expect(summary.merge).toEqual({ parts: 3, of: 'batches', merged: true, rounds: 2 });
    expect(texts(summary.statements)).toEqual(['Fees rose and rain floods the road.']);
    expect(summary.statements![0].quotes.map((q) => [q.seq, q.text])).toEqual([
      [2, 'school fees went up'],
      [81, 'floods when it rains'],
    ]);
    expect(p.run!.refusals).toEqual([
      expect.objectContaining({
        merge: true,
        reason: expect.stringContaining(
          'Merging the summary of all answers (round 2, part 1): the quote cites quote 4, which is not among the statements merged.',
        ),
      }),
    ]);
  });
});
