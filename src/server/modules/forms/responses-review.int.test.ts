import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { addMember } from '../../../../test/helpers/team-membership.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { formResponseEdits, formResponseFlags, formResponses } from './forms.tables.js';
import { formsTestKit, type KitState } from './test-support.js';

/** Responses after they arrive: detail, edit with history (409 on a stale revision), flags and their queue. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { setup, newForm, add, publish, openToken, publicClient, submit } = formsTestKit(() => t);

const QUESTIONS = [
  { key: 'name', type: 'short_text', label: 'Name', required: true },
  { key: 'age', type: 'integer', label: 'Age' },
  { key: 'has_kids', type: 'yes_no', label: 'Children?' },
  { key: 'kids', type: 'integer', label: 'How many?', relevant: "${has_kids} = 'yes'" },
];

describe('responses: detail, edit, flags', () => {
  let s: KitState;
  let formId: string;
  let token: string;
  const put = (id: string, body: unknown, c = s.client) =>
    c.request('PUT', `/form-responses/${id}`, body, { accept: 'application/json' }, false);
  const send = async (answers: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const res = await submit(publicClient(), token, {
      id: randomUUID(),
      version: 1,
      answers,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (
      await t.app.ctx.db.select().from(formResponses).where(eq(formResponses.formId, formId))
    ).sort((a, b) => b.seq - a.seq)[0];
  };
  const flagsOf = async (responseId: string) =>
    (
      await t.app.ctx.db
        .select()
        .from(formResponseFlags)
        .where(eq(formResponseFlags.responseId, responseId))
    ).map((f) => ({ rule: f.rule, cleared: f.clearedAt !== null, reason: f.reason }));

  beforeAll(async () => {
    s = await setup();
    formId = await newForm(s, { anonymous: true, waves: ['baseline'] });
    for (const q of QUESTIONS) await add(s, formId, q);
    await publish(s, formId);
    token = await openToken(formId);
  });

  it('shows a response by question label and key, with its version, and edits it with history', async () => {
    const r = await send(
      { name: 'Amina', age: '34', has_kids: 'yes', kids: '2' },
      { wave: 'baseline' },
    );
    const page = await s.client.page(`/form-responses/${r.id}`);
    expect(page.component).toBe('surveyholders/response');
    expect(page.props.response).toMatchObject({
      seq: r.seq,
      version: 1,
      revision: 1,
      wave: 'baseline',
    });
    expect(page.props.response.link.kind).toBe('open');
    expect(page.props.questions.map((q: { key: string }) => q.key)).toEqual([
      'name',
      'age',
      'has_kids',
      'kids',
    ]);
    expect(page.props.can.edit).toBe(true);

    const ok = await put(r.id, {
      revision: 1,
      answers: { name: 'Amina K', age: '35', has_kids: 'yes', kids: '2' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().revision).toBe(2);
    const after = await s.client.page(`/form-responses/${r.id}`);
    expect(after.props.response.answers).toEqual({
      name: 'Amina K',
      age: 35,
      has_kids: 'yes',
      kids: 2,
    });
    expect(after.props.history).toHaveLength(1);
    expect(after.props.history[0]).toMatchObject({ revision: 2, editedBy: s.user.name });
    expect(after.props.history[0].changes).toEqual([
      { key: 'name', label: 'Name', from: 'Amina', to: 'Amina K' },
      { key: 'age', label: 'Age', from: 34, to: 35 },
    ]);
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'form_response.edited'), eq(auditLogs.subjectId, r.id)));
    expect(audit.details).toMatchObject({ revision: 2, changed: 'name, age' });

    // an edit made on the revision before: refused with a message that says why, nothing written
    const stale = await put(r.id, { revision: 1, answers: { name: 'Someone else', age: '35' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(/edited this response since you opened it .*revision 2/);
    const edits = await t.app.ctx.db
      .select()
      .from(formResponseEdits)
      .where(eq(formResponseEdits.responseId, r.id));
    expect(edits).toHaveLength(1);

    // answers to questions skip logic now hides are cleaned, as on submit; the history keeps them
    const hidden = await put(r.id, {
      revision: 2,
      answers: { name: 'Amina K', age: '35', has_kids: 'no', kids: '2' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const [row] = await t.app.ctx.db.select().from(formResponses).where(eq(formResponses.id, r.id));
    expect(row.answers).toEqual({ name: 'Amina K', age: 35, has_kids: 'no' });
    expect(row.revision).toBe(3);
    const last = (await s.client.page(`/form-responses/${r.id}`)).props.history[0];
    expect(last.changes).toEqual([
      { key: 'has_kids', label: 'Children?', from: 'yes', to: 'no' },
      { key: 'kids', label: 'How many?', from: 2, to: null },
    ]);
  });

  it('checks an edit with the version’s own validation and refuses an edit that changes nothing', async () => {
    const r = await send({ name: 'Baraka', age: '41' });
    const bad = await put(r.id, { revision: 1, answers: { name: '', age: 'old', colour: 'red' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      name: 'This question needs an answer.',
      age: expect.stringMatching(/whole number/),
      colour: expect.stringMatching(/not a question of this form version/),
    });
    const same = await put(r.id, { revision: 1, answers: { name: 'Baraka', age: 41 } });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.answers).toMatch(/Change at least one answer/);
    // an Inertia edit is answered with a redirect to the response's page
    const inertia = await s.client.put(`/form-responses/${r.id}`, {
      revision: 1,
      answers: { name: 'Baraka M', age: 41 },
    });
    expect(inertia.statusCode).toBe(303);
    expect(inertia.headers.location).toBe(`/form-responses/${r.id}`);
  });

  it('flags speeders: below 1 s per answer at first, below a third of the median once 10 are timed', async () => {
    const floor = await send({ name: 'Quick one', age: '20' }, { durationMs: 1500 });
    expect(await flagsOf(floor.id)).toEqual([
      expect.objectContaining({
        rule: 'speeder',
        reason: expect.stringMatching(/1 s per answered question/),
      }),
    ]);
    for (let i = 0; i < 10; i++)
      await send({ name: `Timed ${i}`, age: String(21 + i) }, { durationMs: 60_000 + i * 1000 });
    const fast = await send({ name: 'Fast', age: '25' }, { durationMs: 15_000 });
    expect((await flagsOf(fast.id)).map((f) => f.rule)).toEqual(['speeder']);
    const normal = await send({ name: 'Normal', age: '26' }, { durationMs: 40_000 });
    expect(await flagsOf(normal.id)).toEqual([]);
    const untimed = await send({ name: 'No clock', age: '27' });
    expect(await flagsOf(untimed.id)).toEqual([]);
    const list = await s.client.page(`/forms/${formId}/responses?flag=speeder`);
    expect(list.props.responses.rows.map((x: { seq: number }) => x.seq).sort()).toEqual(
      [floor.seq, fast.seq].sort(),
    );
    expect(list.props.responses.rows[0].flags).toEqual(['speeder']);
  });

  it('flags duplicates: identical answers, and the same stakeholder in the same wave', async () => {
    const first = await send({ name: 'Twin', age: '50', has_kids: 'no' });
    const second = await send({ has_kids: 'no', age: '50', name: 'Twin' });
    expect(await flagsOf(first.id)).toEqual([]);
    expect(await flagsOf(second.id)).toEqual([
      expect.objectContaining({
        rule: 'duplicate',
        reason: `The same answers as response #${first.seq}.`,
      }),
    ]);
    // an edit that makes it different removes the open flag
    const ok = await put(second.id, {
      revision: 1,
      answers: { name: 'Twin B', age: '50', has_kids: 'no' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await flagsOf(second.id)).toEqual([]);

    // a stakeholder-linked survey: two responses through the same personal link and wave
    const linked = await newForm(s, {
      name: 'Follow-up',
      anonymous: false,
      waves: ['baseline', 'endline'],
    });
    await add(s, linked, { key: 'score', type: 'integer', label: 'Score' });
    await publish(s, linked);
    const reg = await newForm(s, { name: 'Registration', kind: 'stakeholder' });
    await add(s, reg, { key: 'full_name', type: 'short_text', label: 'Name', required: true });
    await publish(s, reg);
    const regToken = await openToken(reg);
    expect(
      (
        await submit(publicClient(), regToken, {
          id: randomUUID(),
          version: 1,
          answers: { full_name: 'Achieng' },
        })
      ).statusCode,
    ).toBe(201);
    const stakeholderPage = await s.client.page(`/projects/${s.project.id}/stakeholders`);
    const stakeholderId = stakeholderPage.props.stakeholders.rows[0].id as string;
    const made = await s.client.post(`/stakeholders/${stakeholderId}/links`, {
      formId: linked,
      wave: 'baseline',
    });
    expect(made.statusCode).toBe(303);
    const links = (await s.client.page(`/stakeholders/${stakeholderId}`)).props.links as Array<{
      url: string;
    }>;
    const personal = links[0].url.split('/f/')[1];
    for (const score of ['3', '4'])
      expect(
        (
          await submit(publicClient(), personal, {
            id: randomUUID(),
            version: 1,
            answers: { score },
          })
        ).statusCode,
      ).toBe(201);
    const rows = (
      await t.app.ctx.db.select().from(formResponses).where(eq(formResponses.formId, linked))
    ).sort((a, b) => a.seq - b.seq);
    expect(await flagsOf(rows[0].id)).toEqual([]);
    expect(await flagsOf(rows[1].id)).toEqual([
      expect.objectContaining({
        rule: 'duplicate',
        reason: `The same stakeholder already answered this wave (response #${rows[0].seq}).`,
      }),
    ]);
  });

  it('flags numbers beyond 3 IQR of the form’s answers once 20 answered, and clears flags in the queue', async () => {
    const f = await newForm(s, { name: 'Incomes', anonymous: true });
    await add(s, f, { key: 'who', type: 'short_text', label: 'Who' });
    await add(s, f, { key: 'income', type: 'decimal', label: 'Income' });
    await publish(s, f);
    const tk = await openToken(f);
    const sendTo = async (answers: Record<string, unknown>) => {
      const res = await submit(publicClient(), tk, { id: randomUUID(), version: 1, answers });
      expect(res.statusCode, res.body).toBe(201);
      return (
        await t.app.ctx.db.select().from(formResponses).where(eq(formResponses.formId, f))
      ).sort((a, b) => b.seq - a.seq)[0];
    };
    // 19 answers: not enough yet, even for a wild value
    for (let i = 0; i < 19; i++) await sendTo({ who: `p${i}`, income: String(100 + i) });
    const early = await sendTo({ who: 'early', income: '100000' });
    expect(await flagsOf(early.id)).toEqual([]);
    // now 20 others (100..118 and 100000): Q1 104.75, Q3 114.25 (as `quartiles`) -> 76.25 .. 142.75
    const high = await sendTo({ who: 'high', income: '5000' });
    expect(await flagsOf(high.id)).toEqual([
      expect.objectContaining({
        rule: 'out_of_range',
        reason: expect.stringMatching(/^Income: 5000 is outside 76.25 to 142.75/),
      }),
    ]);
    const inside = await sendTo({ who: 'inside', income: '120' });
    expect(await flagsOf(inside.id)).toEqual([]);

    const queue = await s.client.page(`/forms/${f}/review`);
    expect(queue.component).toBe('surveyholders/review');
    expect(queue.props.items.map((i: { response: { id: string } }) => i.response.id)).toEqual([
      high.id,
    ]);
    const list = await s.client.page(`/forms/${f}/responses`);
    expect(list.props.flagged).toBe(1);
    // the page's live reload (a new response) asks for the rows and the counts it changes, and
    // gets those alone
    const live = await s.client.get(`/forms/${f}/responses`, {
      'x-inertia-partial-component': list.component,
      'x-inertia-partial-data': 'responses,flagged,testCount',
    });
    expect(Object.keys(live.json().props).sort()).toEqual([
      'errors',
      'flagged',
      'responses',
      'testCount',
    ]);
    expect(live.json().props).toMatchObject({ flagged: 1, testCount: 0 });
    expect(live.json().props.responses.rows[0]).toMatchObject({ seq: 22 });

    const [flag] = await t.app.ctx.db
      .select()
      .from(formResponseFlags)
      .where(eq(formResponseFlags.responseId, high.id));
    const cleared = await s.client.post(`/form-response-flags/${flag.id}/clear`, {
      resolution: 'reject',
    });
    expect(cleared.statusCode).toBe(303);
    const [after] = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.id, high.id));
    expect(after.status).toBe('rejected');
    const detail = await s.client.page(`/form-responses/${high.id}`);
    expect(detail.props.flags[0].cleared).toMatchObject({ by: s.user.name, resolution: 'reject' });
    expect((await s.client.page(`/forms/${f}/review`)).props.items).toEqual([]);
    const again = await s.client.post(`/form-response-flags/${flag.id}/clear`, {
      resolution: 'keep',
    });
    expect(again.statusCode).toBe(303);
    expect((await s.client.page(`/forms/${f}/review`)).props.errors.resolution).toMatch(
      /already cleared/,
    );
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, 'form_response.flag_cleared'), eq(auditLogs.subjectId, high.id)),
      );
    expect(audit.details).toMatchObject({ flag: 'Out of range', resolution: 'marked rejected' });
    // a cleared flag stays cleared when an edit keeps the rule firing
    const edit = await put(high.id, { revision: 1, answers: { who: 'high!', income: '6000' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await flagsOf(high.id)).toEqual([
      expect.objectContaining({ rule: 'out_of_range', cleared: true }),
    ]);
  });

  it('answers 404 to another team and refuses edits and clearing to a viewer', async () => {
    const r = await send({ name: 'Private', age: '60' }, { durationMs: 10 });
    const [flag] = await t.app.ctx.db
      .select()
      .from(formResponseFlags)
      .where(eq(formResponseFlags.responseId, r.id));
    const other = await signedInUser(t.app);
    const outsider = (await setup()).client;
    expect((await outsider.get(`/form-responses/${r.id}`)).statusCode).toBe(404);
    expect(
      (
        await outsider.request(
          'PUT',
          `/form-responses/${r.id}`,
          { revision: 1, answers: { name: 'x' } },
          { accept: 'application/json' },
          false,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await outsider.post(`/form-response-flags/${flag.id}/clear`, { resolution: 'keep' }))
        .statusCode,
    ).toBe(404);
    expect((await outsider.get(`/forms/${formId}/review`)).statusCode).toBe(404);

    await addMember(t.app, s.team.id, other.user.id, 'viewer');
    const viewer = other.client;
    const page = await viewer.page(`/form-responses/${r.id}`);
    expect(page.props.can).toEqual({ edit: false, delete: false });
    const edit = await viewer.request(
      'PUT',
      `/form-responses/${r.id}`,
      { revision: 1, answers: { name: 'x' } },
      { accept: 'application/json' },
      false,
    );
    expect(edit.statusCode).toBe(403);
    expect(
      (await viewer.post(`/form-response-flags/${flag.id}/clear`, { resolution: 'keep' }))
        .statusCode,
    ).toBe(403);
    const [row] = await t.app.ctx.db.select().from(formResponses).where(eq(formResponses.id, r.id));
    expect(row.revision).toBe(1);
  });
});
