import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { runGuestUseCase } from '../../platform/use-case/index.js';
import { AppError } from '../../platform/errors.js';
import { formResponseFlags, formResponses, forms } from './forms.tables.js';
import {
  commitSubmissions,
  lockedOnly,
  prepareSubmissions,
  ShortPathMissed,
  type Prepared,
} from './submit.use-cases.js';
import { formsTestKit } from './test-support.js';

/**
 * The public submit's short path (submit.use-cases.ts, `storeOptimistic`): a batch read without
 * the form's lock is written by one statement that checks the form's last number. Each case
 * prepares batches first and commits them after, as the public route does when batches overlap:
 * what this process stored in between is taken into account (numbers, retries, the duplicate
 * rule), and what another writer stored makes the write miss with nothing written, and the batch
 * is stored again under the lock.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { setup, newForm, add, publish, openToken } = formsTestKit(() => t);
const guest = { ip: '203.0.113.10', userAgent: 'short path test' };
const send = (id: string, meals: number) => ({ id, version: 1, answers: { meals } });
const prepare = (token: string, inputs: Array<ReturnType<typeof send>>) =>
  prepareSubmissions(t.app.ctx, t.app.ctx.db, { token, inputs });
const commit = (prepared: Prepared) =>
  runGuestUseCase(t.app.ctx, guest, (uc) => commitSubmissions(uc, prepared));
/** as the public route commits: again under the lock when the short path missed */
const commitLikeTheRoute = async (prepared: Prepared) => {
  try {
    return await commit(prepared);
  } catch (e) {
    if (!(e instanceof ShortPathMissed)) throw e;
    return commit(lockedOnly(prepared));
  }
};
const said = (outcomes: Awaited<ReturnType<typeof commit>>) =>
  outcomes.map((o) =>
    o.ok
      ? `${o.value.duplicate ? 'duplicate' : 'created'} ${o.value.responseId}`
      : `${(o.error as AppError).status}`,
  );

async function surveyForm() {
  const s = await setup();
  const formId = await newForm(s, { name: `Short path ${randomUUID()}`, anonymous: true });
  await add(s, formId, { key: 'meals', type: 'integer', label: 'Meals a day', required: true });
  await publish(s, formId);
  return { s, formId, token: await openToken(formId) };
}

const stored = (formId: string) =>
  t.app.ctx.db
    .select({ id: formResponses.id, clientId: formResponses.clientId, seq: formResponses.seq })
    .from(formResponses)
    .where(eq(formResponses.formId, formId))
    .orderBy(asc(formResponses.seq));
const lastNumber = async (formId: string) =>
  (await t.app.ctx.db.select().from(forms).where(eq(forms.id, formId)))[0].responseSeq;

/** Another server process stores a response (under the form's lock): this process does not know of it. */
async function storeElsewhere(formId: string) {
  const clientId = randomUUID();
  await t.app.ctx.db.transaction(async (tx) => {
    const [form] = await tx.select().from(forms).where(eq(forms.id, formId)).for('update');
    const [version] = (
      (await tx.execute(
        sql`select id from form_versions where form_id = ${formId} and number = 1`,
      )) as unknown as { rows: Array<{ id: string }> }
    ).rows;
    const seq = form.responseSeq + 1;
    await tx.insert(formResponses).values({
      teamId: form.teamId,
      formId,
      clientId,
      seq,
      versionId: version.id,
      versionNumber: 1,
      answers: { meals: 9 },
      answersHash: '{"meals":9}',
    });
    await tx.update(forms).set({ responseSeq: seq }).where(eq(forms.id, formId));
  });
  return clientId;
}

describe('the public submit short path', () => {
  it('takes the short path for a plain public batch, and not for one with a response limit', async () => {
    const { s, formId, token } = await surveyForm();
    const plain = await prepare(token, [send(randomUUID(), 1)]);
    expect(plain.ready?.early).not.toBeNull();
    await s.client.put(`/forms/${formId}`, { responseLimit: '10' });
    const limited = await prepare(token, [send(randomUUID(), 1)]);
    expect(limited.ready?.early).toBeNull();
  });

  it('numbers a batch after the batches this process stored since its read', async () => {
    const { formId, token } = await surveyForm();
    const ids = Array.from({ length: 5 }, () => randomUUID());
    // both read before either is written: both saw the form's last number as 0
    const first = await prepare(token, [send(ids[0], 1), send(ids[1], 2)]);
    const second = await prepare(token, [send(ids[2], 3), send(ids[3], 4), send(ids[4], 5)]);
    expect(said(await commit(first)).map((x) => x.split(' ')[0])).toEqual(['created', 'created']);
    expect(said(await commit(second)).map((x) => x.split(' ')[0])).toEqual([
      'created',
      'created',
      'created',
    ]);
    const rows = await stored(formId);
    expect(rows.map((r) => [r.seq, r.clientId])).toEqual(ids.map((id, i) => [i + 1, id]));
    expect(await lastNumber(formId)).toBe(5);
  });

  it('tells a retry of a response stored since the read (the same response) from a reuse of its id (409)', async () => {
    const { formId, token } = await surveyForm();
    const [a, b] = [randomUUID(), randomUUID()];
    const first = await prepare(token, [send(a, 3), send(b, 1)]);
    const retry = await prepare(token, [send(a, 3), send(b, 2), send(randomUUID(), 4)]);
    const one = await commit(first);
    const two = await commit(retry);
    expect(two[0]).toMatchObject({
      ok: true,
      value: { duplicate: true, responseId: one[0].ok && one[0].value.responseId },
    });
    expect(!two[1].ok && (two[1].error as AppError).status).toBe(409);
    expect(two[2]).toMatchObject({ ok: true, value: { duplicate: false } });
    expect((await stored(formId)).map((r) => r.seq)).toEqual([1, 2, 3]);
  });

  it('flags a response with the same answers as one stored since its read', async () => {
    const { formId, token } = await surveyForm();
    const first = await prepare(token, [send(randomUUID(), 7)]);
    const second = await prepare(token, [send(randomUUID(), 7)]);
    await commit(first);
    await commit(second);
    const rows = await stored(formId);
    const flags = await t.app.ctx.db
      .select({ responseId: formResponseFlags.responseId, reason: formResponseFlags.reason })
      .from(formResponseFlags)
      .where(eq(formResponseFlags.formId, formId));
    expect(flags).toEqual([{ responseId: rows[1].id, reason: 'The same answers as response #1.' }]);
  });

  it('writes nothing when another writer stored a response since the read; stored again under the lock, numbered after it', async () => {
    const { formId, token } = await surveyForm();
    const mine = [randomUUID(), randomUUID()];
    const batch = await prepare(token, [send(mine[0], 1), send(mine[1], 2)]);
    // another server process stores a response meanwhile (this process does not know of it)
    const other = await storeElsewhere(formId);

    await expect(commit(batch)).rejects.toBeInstanceOf(ShortPathMissed);
    expect((await stored(formId)).map((r) => r.clientId)).toEqual([other]);
    expect(await lastNumber(formId)).toBe(1);

    const outcomes = await commit(lockedOnly(batch));
    expect(outcomes.every((o) => o.ok && !o.value.duplicate)).toBe(true);
    expect((await stored(formId)).map((r) => [r.seq, r.clientId])).toEqual([
      [1, other],
      [2, mine[0]],
      [3, mine[1]],
    ]);
  });

  it('writes nothing when the form was closed since the read; the locked retry refuses with the closed notice', async () => {
    const { s, formId, token } = await surveyForm();
    const batch = await prepare(token, [send(randomUUID(), 1)]);
    await s.client.put(`/forms/${formId}`, { closesAt: '2000-01-01T00:00' });
    const outcomes = await commitLikeTheRoute(batch);
    expect(!outcomes[0].ok && (outcomes[0].error as AppError).status).toBe(409);
    expect(await stored(formId)).toEqual([]);
    expect(await lastNumber(formId)).toBe(0);
  });

  it('with another writer in the middle of overlapping batches, every submission is stored once, numbered without a gap', async () => {
    const { formId, token } = await surveyForm();
    const batches = await Promise.all(
      Array.from({ length: 6 }, (_, b) =>
        prepare(
          token,
          Array.from({ length: 4 }, (_, i) => send(randomUUID(), b * 4 + i)),
        ),
      ),
    );
    // another writer's response comes before the third batch's write
    let outcomes = [];
    for (const [i, batch] of batches.entries()) {
      if (i === 2) await storeElsewhere(formId);
      outcomes.push(...(await commitLikeTheRoute(batch)));
    }
    outcomes = outcomes.filter((o) => o.ok);
    expect(outcomes).toHaveLength(24);
    const rows = await stored(formId);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.clientId)).size).toBe(25);
    expect(await lastNumber(formId)).toBe(25);
  });
});
