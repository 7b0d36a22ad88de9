import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { formsTestKit } from '../forms/test-support.js';
import type { IntelligentColumnKindProps } from '../../../shared/coding/kinds.pages.js';
import { ordinalAgreement } from '../../../shared/coding/weighted-kappa.js';
import { codingDecisions } from './coding.tables.js';
import { codeCountsByWave, columnValues } from './index.js';
import { RUBRIC_ENGINE_VERSION } from './coding.rubric.js';
import { SENTIMENT_ENGINE_VERSION } from './coding.kinds.engines.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const kit = formsTestKit(() => t);

// 18 answers, 6 per rubric level (1 nothing changed, 2 savings, 3 a business)
const TEXTS = [
  'Nothing changed for us. We still skip meals.',
  'We saved a little money in the savings group. It paid the school fees.',
  'She opened a shop and sells vegetables at the market. The business grows.',
];
const RUBRIC = {
  levels: [
    { descriptor: 'No change: the family still skips meals.', examples: [] },
    {
      descriptor: 'Some savings in the group help with school fees.',
      examples: ['We saved money in the group.'],
    },
    { descriptor: 'A new business: a shop selling at the market.', examples: [] },
  ],
};

async function world() {
  const s = await kit.setup();
  const formId = await kit.newForm(s);
  await kit.add(s, formId, { key: 'change', type: 'long_text', label: 'What changed?' });
  await kit.publish(s, formId);
  const token = await kit.openToken(formId);
  const submit = async (i: number, text: string) => {
    const res = await kit.submit(kit.publicClient(), token, {
      id: randomUUID(),
      version: 1,
      wave: i < 9 ? 'baseline' : 'endline',
      answers: { change: text },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };
  for (let i = 0; i < 18; i++) await submit(i, TEXTS[i % 3]);
  return { ...s, formId, submit };
}
type World = Awaited<ReturnType<typeof world>>;
const page = async (s: World, id: string) => {
  const p = await s.client.page(`/intelligent-columns/${id}`);
  expect(p.component).toBe('surveyholders/intelligent-column-kind');
  return p.props as IntelligentColumnKindProps & { errors: Record<string, string> };
};
async function create(s: World, kind: string, expectTo: (id: string) => string) {
  const res = await s.client.post(`/forms/${s.formId}/intelligent-columns`, {
    name: `A ${kind} column`,
    kind,
    questionKeys: ['change'],
  });
  expect(res.statusCode, res.body).toBe(303);
  const id = res.headers.location!.split('/')[2];
  expect(res.headers.location).toBe(expectTo(id));
  return id;
}
const run = async (s: World, id: string) => {
  expect((await s.client.post(`/intelligent-columns/${id}/runs`)).statusCode).toBe(303);
  await drainJobs(t.app);
};

describe('intelligent column kinds', () => {
  it('rubric: write, run, scores with quotes, blind scoring of the sample, agreement', async () => {
    const s = await world();
    const id = await create(s, 'rubric', (c) => `/intelligent-columns/${c}/rubric`);
    // no rubric yet: nothing to run
    await s.client.post(
      `/intelligent-columns/${id}/runs`,
      {},
      { referer: `http://localhost/intelligent-columns/${id}` },
    );
    expect((await page(s, id)).errors).toMatchObject({ run: expect.stringContaining('rubric') });
    // a bad rubric is refused on its field and writes nothing
    await s.client.put(
      `/intelligent-columns/${id}/rubric`,
      { levels: [{ descriptor: '', examples: [] }] },
      { referer: `http://localhost/intelligent-columns/${id}/rubric` },
    );
    const editor = await s.client.page(`/intelligent-columns/${id}/rubric`);
    expect(editor.props.errors).toMatchObject({ levels: expect.any(String) });
    expect(editor.props.versions).toEqual([]);

    expect((await s.client.put(`/intelligent-columns/${id}/rubric`, RUBRIC)).statusCode).toBe(303);
    const saved = await s.client.page(`/intelligent-columns/${id}/rubric`);
    expect(saved.props.levels.map((l: { level: number }) => l.level)).toEqual([1, 2, 3]);
    await run(s, id);

    let p = await page(s, id);
    expect(p.run).toMatchObject({ status: 'done', processed: 18, rubricVersion: 1 });
    // blind double coding: the 10 sampled answers' machine levels are left out until scored
    expect(p.rubric!.hidden).toBe(10);
    expect(p.values).toHaveLength(8);
    const rows = await t.app.ctx.db
      .select()
      .from(codingDecisions)
      .where(eq(codingDecisions.runId, p.run!.id));
    expect(rows).toHaveLength(18);
    const machineOf = new Map(rows.map((r) => [r.responseId, r.rubric!.level]));
    for (const v of p.values) {
      const want = TEXTS.indexOf(v.answers[0].text) + 1;
      expect(v.rubricLevel).toBe(want);
      expect(v.rubric).toMatchObject({ method: 'descriptor', rubricVersion: 1 });
      const q = v.rubric!.quote!;
      expect(v.answers[0].text.slice(q.start, q.end)).toBe(q.text);
    }
    expect(p.distribution).toEqual({
      categories: ['1', '2', '3'],
      rows: [
        { wave: 'baseline', responses: 9, counts: [3, 3, 3], none: 0 },
        { wave: 'endline', responses: 9, counts: [3, 3, 3], none: 0 },
      ],
    });
    expect(
      new Set(rows.map((r) => `${r.engine}|${r.engineVersion}|${r.rubric?.rubricVersion}`)),
    ).toEqual(new Set([`tfidf-rubric|${RUBRIC_ENGINE_VERSION}|1`]));

    // the sample (10 of 18), blind: the queue's answer comes without the machine's level, and
    // no other prop carries it; the person scores (level-3 answers rescored 2, as a person
    // disagreeing would, and the first one a level off); after the decision the card shows the machine's level beside theirs
    expect(p.rubric!.agreement.pairs).toBe(0);
    expect(p.rubric!.queue).toMatchObject({ size: 10, verified: 0, last: null });
    const pairs: Array<{ machine: number; human: number }> = [];
    while (p.rubric!.queue.next) {
      const next = p.rubric!.queue.next;
      expect(Object.keys(next).sort()).toEqual(['answers', 'responseId', 'seq']);
      expect(p.values.some((v) => v.responseId === next.responseId)).toBe(false);
      // the answer's id appears once in the whole page: in the queue, with nothing machine-made
      expect(JSON.stringify(p).split(next.responseId)).toHaveLength(2);
      const machine = machineOf.get(next.responseId)!;
      // the sample is random: the first answer is always scored one level off, so the person
      // disagrees at least once whatever was sampled (a sample without a level-3 answer, about
      // 1 in 660, would otherwise agree exactly)
      const human = !pairs.length ? (machine === 1 ? 2 : machine - 1) : machine === 3 ? 2 : machine;
      pairs.push({ machine, human });
      const res = await s.client.post(`/intelligent-columns/${id}/rubric-verifications`, {
        responseId: next.responseId,
        level: human,
      });
      expect(res.statusCode).toBe(303);
      p = await page(s, id);
      expect(p.rubric!.queue.last).toMatchObject({ responseId: next.responseId, human, machine });
      expect(p.values.some((v) => v.responseId === next.responseId)).toBe(true);
    }
    expect(p.rubric!.hidden).toBe(0);
    expect(p.values).toHaveLength(18);
    expect(p.rubric!.queue).toMatchObject({ size: 10, verified: 10, next: null });
    expect(p.rubric!.agreement).toEqual(ordinalAgreement(pairs, 3));
    expect(p.rubric!.agreement.exact!).toBeLessThan(1);
    expect(p.rubric!.agreement.adjacent).toBe(1);

    // a level beyond the rubric and a response outside the sample are refused on their fields
    const sampled = new Set(
      (
        await t.app.ctx.db.query.rubricVerifications.findMany({
          where: (v, { eq: e }) => e(v.columnId, id),
        })
      ).map((v) => v.responseId),
    );
    await s.client.post(
      `/intelligent-columns/${id}/rubric-verifications`,
      { responseId: [...sampled][0], level: 4 },
      { referer: `http://localhost/intelligent-columns/${id}` },
    );
    expect((await page(s, id)).errors).toMatchObject({ level: expect.stringContaining('1 to 3') });
    const notSampled = p.values.find((v) => !sampled.has(v.responseId))!.responseId;
    await s.client.post(
      `/intelligent-columns/${id}/rubric-verifications`,
      { responseId: notSampled, level: 1 },
      { referer: `http://localhost/intelligent-columns/${id}` },
    );
    expect((await page(s, id)).errors).toMatchObject({ responseId: expect.any(String) });

    // a re-run learns from the people's scores (nearest centroid)
    await run(s, id);
    p = await page(s, id);
    expect(new Set(p.values.map((v) => v.rubric!.method))).toEqual(new Set(['centroid']));

    // results as data
    const data = await columnValues(t.app.ctx.db, s.team.id, id);
    expect(data.kind).toBe('rubric');
    expect(data.values.map((v) => v.rubricLevel)).toEqual(p.values.map((v) => v.rubricLevel));

    const actions = (
      await t.app.ctx.db.select().from(auditLogs).where(eq(auditLogs.subjectId, id))
    ).map((a) => a.action);
    for (const a of [
      'intelligent_column.created',
      'rubric.saved',
      'rubric_run.started',
      'rubric.verified',
    ])
      expect(actions).toContain(a);
  });

  it('sentiment: a score and label per response, distribution per wave, marked indicative', async () => {
    const s = await world();
    const id = await create(s, 'sentiment', (c) => `/intelligent-columns/${c}`);
    await run(s, id);
    const p = await page(s, id);
    expect(p.run).toMatchObject({ status: 'done', engineVersion: SENTIMENT_ENGINE_VERSION });
    expect(p.run!.engineVersion).toContain('indicative');
    expect(p.values).toHaveLength(18);
    for (const v of p.values) {
      expect(v.sentiment).toBeGreaterThanOrEqual(-1);
      expect(v.sentiment).toBeLessThanOrEqual(1);
      expect(['negative', 'neutral', 'positive']).toContain(v.sentimentLabel);
    }
    expect(p.distribution!.categories).toEqual(['negative', 'neutral', 'positive']);
    for (const row of p.distribution!.rows)
      expect(row.counts.reduce((a, b) => a + b, 0) + row.none).toBe(row.responses);
    // no rubric routes on a non-rubric column
    expect((await s.client.get(`/intelligent-columns/${id}/rubric`)).statusCode).toBe(404);
    const data = await columnValues(t.app.ctx.db, s.team.id, id);
    expect(data.values.map((v) => v.sentimentLabel)).toEqual(p.values.map((v) => v.sentimentLabel));
  });

  it('summary: central sentences quoted verbatim, per wave, and re-run after new answers', async () => {
    const s = await world();
    const id = await create(s, 'summary', (c) => `/intelligent-columns/${c}`);
    await run(s, id);
    let p = await page(s, id);
    const summary = p.summary!;
    expect(summary.overall.length).toBeGreaterThan(0);
    expect(summary.byWave.map((w) => w.wave)).toEqual(['baseline', 'endline']);
    for (const q of [...summary.overall, ...summary.byWave.flatMap((w) => w.sentences)])
      expect(TEXTS.some((text) => text.slice(q.start, q.end) === q.text)).toBe(true);
    expect(p.newSinceRun).toBe(0);

    await s.submit(20, 'The market shop business grows every month and sells more vegetables.');
    p = await page(s, id);
    expect(p.newSinceRun).toBe(1);
    await run(s, id);
    p = await page(s, id);
    expect(p.newSinceRun).toBe(0);
    expect(p.run).toMatchObject({ status: 'done', processed: 19 });
  });

  it("lists waves in the form's order (baseline, midline, endline), not alphabetically", async () => {
    const s = await kit.setup();
    const WAVES = ['baseline', 'midline', 'endline'];
    const formId = await kit.newForm(s, { anonymous: true, waves: WAVES });
    await kit.add(s, formId, { key: 'change', type: 'long_text', label: 'What changed?' });
    await kit.publish(s, formId);
    const token = await kit.openToken(formId);
    // answered latest wave first, so neither the alphabet nor the answers' order gives the form's
    for (const wave of ['endline', 'midline', 'baseline'])
      for (const text of TEXTS) {
        const res = await kit.submit(kit.publicClient(), token, {
          id: randomUUID(),
          version: 1,
          wave,
          answers: { change: text },
        });
        expect(res.statusCode, res.body).toBeLessThan(300);
      }
    const w = { ...s, formId, submit: async () => undefined } as World;
    const sentiment = await create(w, 'sentiment', (c) => `/intelligent-columns/${c}`);
    const summary = await create(w, 'summary', (c) => `/intelligent-columns/${c}`);
    await run(w, sentiment);
    await run(w, summary);
    expect((await page(w, sentiment)).distribution!.rows.map((r) => r.wave)).toEqual(WAVES);
    expect(
      (await columnValues(t.app.ctx.db, s.team.id, sentiment)).distribution!.rows.map(
        (r) => r.wave,
      ),
    ).toEqual(WAVES);
    expect((await page(w, summary)).summary!.byWave.map((x) => x.wave)).toEqual(WAVES);
    // a coded column's counts per wave too
    const res = await s.client.post(`/forms/${formId}/intelligent-columns`, {
      name: 'Changes',
      questionKeys: ['change'],
    });
    expect(res.statusCode, res.body).toBe(303);
    const coded = await codeCountsByWave(
      t.app.ctx.db,
      s.team.id,
      res.headers.location!.split('/')[2],
    );
    expect(coded.waves.map((x) => x.wave)).toEqual(WAVES);
  });

  it("another team's kind column answers 404 and its values are not readable", async () => {
    const s = await world();
    const id = await create(s, 'rubric', (c) => `/intelligent-columns/${c}/rubric`);
    const { user, client } = await signedInUser(t.app);
    const other = await createTeamFor(t.app, user.id);
    expect((await client.get(`/intelligent-columns/${id}`)).statusCode).toBe(404);
    expect((await client.get(`/intelligent-columns/${id}/rubric`)).statusCode).toBe(404);
    expect((await client.put(`/intelligent-columns/${id}/rubric`, RUBRIC)).statusCode).toBe(404);
    expect(
      (
        await client.post(`/intelligent-columns/${id}/rubric-verifications`, {
          responseId: randomUUID(),
          level: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await client.post(`/intelligent-columns/${id}/runs`)).statusCode).toBe(404);
    await expect(columnValues(t.app.ctx.db, other.id, id)).rejects.toThrow(/not found/i);
  });
});
