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
import { cohensKappa, confusionOf } from '../../../shared/coding/kappa.js';
import { codingDecisions, codingRuns } from './coding.tables.js';
import { codeCountsByWave } from './index.js';
import { ENGINE_VERSION } from './coding.engine.js';
import { drawSample, sampleSize } from '../../../shared/coding/sample.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const kit = formsTestKit(() => t);

// 24 answers: 6 "far away", 6 "walk ... far", 6 "bus fare ... fees", 6 "fees"
const TEXTS = [
  'The school is far away from our house.',
  'We walk two hours, it is far.',
  'The bus fare and the fees cost too much.',
  'We cannot pay the school fees.',
];
const code = (key: string, include: string[]) => ({
  key,
  label: key === 'distance' ? 'Distance' : 'Cost',
  definition: `About ${key}.`,
  include,
  exclude: [],
  examples: [],
});

async function world() {
  const s = await kit.setup();
  const formId = await kit.newForm(s);
  await kit.add(s, formId, { key: 'barrier', type: 'long_text', label: 'What stops them?' });
  await kit.add(s, formId, { key: 'age', type: 'integer', label: 'Age' });
  await kit.publish(s, formId);
  const token = await kit.openToken(formId);
  for (let i = 0; i < 24; i++) {
    const res = await kit.submit(kit.publicClient(), token, {
      id: randomUUID(),
      version: 1,
      wave: i < 12 ? 'baseline' : 'endline',
      answers: { barrier: TEXTS[i % 4], age: 9 },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  return { ...s, formId };
}
type World = Awaited<ReturnType<typeof world>>;
const columnPage = async (s: World, id: string) =>
  (await s.client.page(`/intelligent-columns/${id}`)).props as IntelligentColumnProps & {
    errors: Record<string, string>;
  };

async function createColumn(s: World) {
  const res = await s.client.post(`/forms/${s.formId}/intelligent-columns`, {
    name: 'Barriers',
    questionKeys: ['barrier'],
  });
  expect(res.statusCode, res.body).toBe(303);
  const id = res.headers.location!.split('/')[2];
  expect(res.headers.location).toBe(`/intelligent-columns/${id}/codebook`);
  return id;
}

describe('intelligent columns', () => {
  it('codebook, run, blind verification, kappa, threshold, re-run diff', async () => {
    const s = await world();
    const list = await s.client.page(`/forms/${s.formId}/intelligent-columns`);
    expect(list.component).toBe('surveyholders/intelligent-columns');
    expect(list.props.textQuestions).toEqual([{ key: 'barrier', label: 'What stops them?' }]);

    // only open-text questions of this form
    const bad = await s.client.post(
      `/forms/${s.formId}/intelligent-columns`,
      { name: 'Ages', questionKeys: ['age'] },
      { referer: `http://localhost/forms/${s.formId}/intelligent-columns` },
    );
    expect(bad.statusCode).toBe(303);
    expect(
      (await s.client.page(`/forms/${s.formId}/intelligent-columns`)).props.errors,
    ).toMatchObject({ questionKeys: expect.stringContaining('age') });

    const id = await createColumn(s);
    // no codebook yet: nothing to run
    await s.client.post(
      `/intelligent-columns/${id}/runs`,
      {},
      { referer: `http://localhost/intelligent-columns/${id}` },
    );
    expect((await columnPage(s, id)).errors).toMatchObject({
      run: expect.stringContaining('codebook'),
    });

    const save1 = await s.client.put(`/intelligent-columns/${id}/codebook`, {
      codes: [code('distance', ['far']), code('cost', ['fee'])],
    });
    expect(save1.statusCode, save1.body).toBe(303);
    const inputs = await s.client.page(`/intelligent-columns/${id}/codebook`);
    expect(inputs.component).toBe('survey-sources/deductive-inputs');
    expect(inputs.props.versions).toEqual([expect.objectContaining({ number: 1, codes: 2 })]);

    expect((await s.client.post(`/intelligent-columns/${id}/runs`)).statusCode).toBe(303);
    let page = await columnPage(s, id);
    expect(page.run).toMatchObject({ status: 'queued', codebookVersion: 1, engine: 'rules' });
    // a second run while one is queued is refused on the field
    await s.client.post(
      `/intelligent-columns/${id}/runs`,
      {},
      { referer: `http://localhost/intelligent-columns/${id}` },
    );
    expect((await columnPage(s, id)).errors).toMatchObject({
      run: expect.stringContaining('in progress'),
    });
    await drainJobs(t.app);

    page = await columnPage(s, id);
    expect(page.run).toMatchObject({ status: 'done', processed: 24, total: 24 });
    expect(page.diff).toBeNull();
    for (const c of page.coded)
      for (const applied of c.codes)
        for (const span of applied.spans) {
          const answer = c.answers.find((a) => a.question === span.question)!.text;
          expect(answer.slice(span.start, span.end)).toBe(span.text);
        }
    // nothing verified yet: kappa unknown, every code only suggested and not counted
    expect(page.agreement.map((a) => [a.code, a.kappa, a.status])).toEqual([
      ['distance', null, 'suggested'],
      ['cost', null, 'suggested'],
    ]);
    expect(page.results.codes[0].byWave).toEqual([
      { wave: 'baseline', count: 0, percent: 0, suggested: 6 },
      { wave: 'endline', count: 0, percent: 0, suggested: 6 },
    ]);

    // blind verification of the seeded sample (10 of 24): the human agrees on distance, and
    // disagrees on cost every time
    expect(page.queue).toMatchObject({ size: 10, verified: 0 });
    expect(JSON.stringify(page.queue.next)).not.toContain('spans');
    const machine = new Map(
      (await t.app.ctx.db.select().from(codingDecisions)).map((d) => [
        d.responseId,
        d.codes.map((c) => c.code),
      ]),
    );
    const human = new Map<string, string[]>();
    while (page.queue.next) {
      const rid = page.queue.next.responseId;
      // blind: the sampled answer's machine codes are nowhere in the page until a person coded it
      expect(page.coded.some((c) => c.responseId === rid)).toBe(false);
      const m = machine.get(rid)!;
      const codes = [
        ...(m.includes('distance') ? ['distance'] : []),
        ...(m.includes('cost') ? [] : ['cost']),
      ];
      human.set(rid, codes);
      const res = await s.client.post(`/intelligent-columns/${id}/verifications`, {
        responseId: rid,
        codes,
      });
      expect(res.statusCode).toBe(303);
      page = await columnPage(s, id);
    }
    expect(page.queue).toMatchObject({ size: 10, verified: 10, next: null });
    expect(page.coded.filter((c) => human.has(c.responseId)).length).toBeGreaterThan(0);
    const expected = (key: string) =>
      confusionOf(
        [...human].map(([rid, h]) => ({
          machine: machine.get(rid)!.includes(key),
          human: h.includes(key),
        })),
      );
    const [distance, cost] = page.agreement;
    expect(distance.confusion).toEqual(expected('distance'));
    expect(distance.confusion.machineOnly + distance.confusion.humanOnly).toBe(0);
    expect(distance).toMatchObject({ kappa: 1, status: 'applied' });
    expect(cost.confusion).toEqual(expected('cost'));
    expect(cost.kappa).toBe(cohensKappa(expected('cost')));
    expect(cost.kappa!).toBeLessThan(0);
    expect(cost.status).toBe('suggested');
    // applied codes count, suggested ones do not
    expect(page.results.codes).toEqual([
      expect.objectContaining({
        code: 'distance',
        status: 'applied',
        byWave: [
          { wave: 'baseline', count: 6, percent: 50, suggested: 0 },
          { wave: 'endline', count: 6, percent: 50, suggested: 0 },
        ],
      }),
      expect.objectContaining({ code: 'cost', status: 'suggested' }),
    ]);
    expect(await codeCountsByWave(t.app.ctx.db, s.team.id, id)).toEqual(page.results);

    // the threshold is the team's: at 1 distance is still applied (kappa 1), at 0 still not cost
    expect(
      (
        await s.client.put(`/intelligent-columns/${id}`, {
          name: 'Barriers',
          threshold: 1,
          samplePercent: 20,
        })
      ).statusCode,
    ).toBe(303);
    page = await columnPage(s, id);
    expect(page.agreement.map((a) => a.status)).toEqual(['applied', 'suggested']);

    // a response outside the sample is refused
    const outside = [...machine.keys()].find((rid) => !human.has(rid))!;
    await s.client.post(
      `/intelligent-columns/${id}/verifications`,
      { responseId: outside, codes: [] },
      { referer: `http://localhost/intelligent-columns/${id}` },
    );
    expect((await columnPage(s, id)).errors).toMatchObject({ responseId: expect.any(String) });

    // codebook v2 and a re-run: the diff names who gained and lost each code
    await s.client.put(`/intelligent-columns/${id}/codebook`, {
      codes: [code('distance', ['walk', 'bus']), code('cost', ['fee'])],
    });
    await s.client.post(`/intelligent-columns/${id}/runs`);
    await drainJobs(t.app);
    page = await columnPage(s, id);
    expect(page.run).toMatchObject({ status: 'done', codebookVersion: 2 });
    expect(page.diff).toMatchObject({ previousCodebookVersion: 1, codebookVersion: 2 });
    const d = page.diff!.codes.find((c) => c.code === 'distance')!;
    expect([d.gainedCount, d.lostCount]).toEqual([6, 6]);
    expect(d.gained.every((q) => q.text.includes('bus'))).toBe(true);
    expect(d.lost.every((q) => q.text === TEXTS[0])).toBe(true);
    expect(page.diff!.codes.find((c) => c.code === 'cost')).toMatchObject({
      gainedCount: 0,
      lostCount: 0,
    });
    const [run2] = await t.app.ctx.db
      .select()
      .from(codingRuns)
      .where(eq(codingRuns.id, page.run!.id));
    const rows = await t.app.ctx.db
      .select()
      .from(codingDecisions)
      .where(eq(codingDecisions.runId, run2.id));
    expect(rows).toHaveLength(24);
    expect(new Set(rows.map((r) => `${r.engine}|${r.engineVersion}|${r.codebookVersion}`))).toEqual(
      new Set([`rules|${ENGINE_VERSION}|2`]),
    );

    const actions = (
      await t.app.ctx.db.select().from(auditLogs).where(eq(auditLogs.subjectId, id))
    ).map((a) => a.action);
    for (const a of [
      'intelligent_column.created',
      'codebook.saved',
      'coding_run.started',
      'coding.verified',
      'intelligent_column.updated',
    ])
      expect(actions).toContain(a);
  });

  it('re-run diff: a sampled answer no person has coded yet is not quoted (blind)', async () => {
    const s = await world();
    const id = await createColumn(s);
    await s.client.put(`/intelligent-columns/${id}/codebook`, {
      codes: [code('distance', ['far']), code('cost', ['fee'])],
    });
    await s.client.post(`/intelligent-columns/${id}/runs`);
    await drainJobs(t.app);
    await s.client.put(`/intelligent-columns/${id}/codebook`, {
      codes: [code('distance', ['walk', 'bus']), code('cost', ['fee'])],
    });
    await s.client.post(`/intelligent-columns/${id}/runs`);
    await drainJobs(t.app);
    let page = await columnPage(s, id);
    const [stored] = await t.app.ctx.db
      .select()
      .from(codingRuns)
      .where(eq(codingRuns.id, page.run!.id));
    const ids = (
      await t.app.ctx.db.select().from(codingDecisions).where(eq(codingDecisions.runId, stored.id))
    ).map((d) => d.responseId);
    const sample = new Set(drawSample(ids, id, sampleSize(ids.length, 20)));
    const quoted = (diff: NonNullable<typeof page.diff>) =>
      diff.codes.flatMap((c) => [...c.gained, ...c.lost]).map((q) => q.responseId);
    const all = quoted(stored.diff!);
    const sampledInDiff = all.filter((rid) => sample.has(rid));
    // the stored diff quotes sampled answers (else this test proves nothing)
    expect(sampledInDiff.length).toBeGreaterThan(0);
    expect(quoted(page.diff!)).toEqual(all.filter((rid) => !sample.has(rid)));
    expect(page.diff!.hidden).toBe(sampledInDiff.length);
    // the counts are the stored ones
    expect(page.diff!.codes.map((c) => [c.gainedCount, c.lostCount])).toEqual(
      stored.diff!.codes.map((c) => [c.gainedCount, c.lostCount]),
    );
    // once a person has coded a sampled answer, its change is quoted again
    const rid = sampledInDiff[0];
    expect(
      (
        await s.client.post(`/intelligent-columns/${id}/verifications`, {
          responseId: rid,
          codes: ['distance'],
        })
      ).statusCode,
    ).toBe(303);
    page = await columnPage(s, id);
    expect(quoted(page.diff!)).toContain(rid);
    expect(page.diff!.hidden).toBe(sampledInDiff.length - 1);
  });

  it("another team's column answers 404 and its counts are not readable", async () => {
    const s = await world();
    const id = await createColumn(s);
    const { user, client } = await signedInUser(t.app);
    const other = await createTeamFor(t.app, user.id);
    expect((await client.get(`/intelligent-columns/${id}`)).statusCode).toBe(404);
    expect((await client.get(`/intelligent-columns/${id}/codebook`)).statusCode).toBe(404);
    expect((await client.get(`/forms/${s.formId}/intelligent-columns`)).statusCode).toBe(404);
    expect((await client.post(`/intelligent-columns/${id}/runs`)).statusCode).toBe(404);
    expect(
      (
        await client.put(`/intelligent-columns/${id}/codebook`, {
          codes: [code('distance', ['far'])],
        })
      ).statusCode,
    ).toBe(404);
    await expect(codeCountsByWave(t.app.ctx.db, other.id, id)).rejects.toThrow(/not found/i);
  });
});
