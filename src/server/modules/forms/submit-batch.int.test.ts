import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { runGuestUseCase } from '../../platform/use-case/index.js';
import { AppError } from '../../platform/errors.js';
import { formResponseFlags, formResponses, forms } from './forms.tables.js';
import { commitSubmissions, prepareSubmissions } from './submit.use-cases.js';
import { formsTestKit } from './test-support.js';

/**
 * Several submissions stored as one batch (what the public route does with submissions to one
 * link arriving together) get the outcomes they would get one at a time: each its own error,
 * retries and reused ids told apart within the batch, the response limit exact, numbers gapless
 * in order, and the duplicate rule flags the later of two identical responses.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { setup, newForm, add, publish, openToken, fieldErrors } = formsTestKit(() => t);
const guest = { ip: '203.0.113.9', userAgent: 'batch test' };
/** both stages of a batch, as the public route runs them (here in one transaction) */
const submitBatch = (token: string, inputs: Parameters<typeof prepareSubmissions>[2]['inputs']) =>
  runGuestUseCase(t.app.ctx, guest, async (uc) =>
    commitSubmissions(uc, await prepareSubmissions(uc.ctx, uc.tx, { token, inputs })),
  );

it('stores a batch with the outcomes one at a time would give', async () => {
  const s = await setup();
  const formId = await newForm(s, { name: 'Batch', anonymous: true });
  await add(s, formId, { key: 'meals', type: 'integer', label: 'Meals a day', required: true });
  await publish(s, formId);
  const token = await openToken(formId);
  await s.client.put(`/forms/${formId}`, { responseLimit: '4' });
  expect(await fieldErrors(s, formId)).toEqual({});

  const [a, b, c, d, e] = Array.from({ length: 5 }, () => randomUUID());
  const send = (id: string, meals: unknown, version = 1) => ({ id, version, answers: { meals } });
  const outcomes = await submitBatch(token, [
    send(a, 3),
    send(b, 'many'), // not a number: its own 422, the others go on
    send(a, 3), // a retry of a, in the same batch: the same response
    send(a, 2), // a's id with other answers: 409
    send(c, 3), // the same answers as a: stored, flagged as a duplicate of #1
    send(d, 1, 7), // no such version
    send(e, 2),
    send(randomUUID(), 4),
    send(randomUUID(), 5), // the fifth new one: over the limit of 4
  ]);
  const said = outcomes.map((o) =>
    o.ok
      ? o.value.duplicate
        ? 'duplicate'
        : 'created'
      : `${(o.error as AppError).status} ${JSON.stringify((o.error as AppError).fields ?? (o.error as AppError).message)}`,
  );
  expect(said[0]).toBe('created');
  expect(said[1]).toMatch(/^422 .*meals/);
  expect(said[2]).toBe('duplicate');
  expect(said[3]).toMatch(/^409 .*different answers/);
  expect(said[4]).toBe('created');
  expect(said[5]).toMatch(/^422 .*version/);
  expect(said.slice(6, 8)).toEqual(['created', 'created']);
  expect(said[8]).toMatch(/^409 .*received all the responses it takes/);
  // the retry points at a's response
  expect(outcomes[2].ok && outcomes[0].ok && outcomes[2].value.responseId).toBe(
    outcomes[0].ok && outcomes[0].value.responseId,
  );

  const rows = await t.app.ctx.db
    .select({ id: formResponses.id, clientId: formResponses.clientId, seq: formResponses.seq })
    .from(formResponses)
    .where(eq(formResponses.formId, formId))
    .orderBy(asc(formResponses.seq));
  expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
  expect(rows.map((r) => r.clientId).slice(0, 3)).toEqual([a, c, e]);
  const [form] = await t.app.ctx.db.select().from(forms).where(eq(forms.id, formId));
  expect(form.responseSeq).toBe(4);
  const flags = await t.app.ctx.db
    .select({ responseId: formResponseFlags.responseId, reason: formResponseFlags.reason })
    .from(formResponseFlags)
    .where(eq(formResponseFlags.rule, 'duplicate'));
  const mine = flags.filter((f) => rows.some((r) => r.id === f.responseId));
  expect(mine).toEqual([{ responseId: rows[1].id, reason: 'The same answers as response #1.' }]);

  // the next batch: retries of stored ones still succeed once the form is full
  const again = await submitBatch(token, [send(e, 2), send(randomUUID(), 6)]);
  expect(again[0]).toMatchObject({ ok: true, value: { duplicate: true, responseId: rows[2].id } });
  expect(again[1].ok).toBe(false);
});

it('answers every submission of a batch to an unknown token with its 404', async () => {
  const outcomes = await submitBatch(
    'x'.repeat(30),
    [1, 2].map(() => ({ id: randomUUID(), version: 1, answers: {} })),
  );
  expect(outcomes.map((o) => !o.ok && (o.error as AppError).status)).toEqual([404, 404]);
});
