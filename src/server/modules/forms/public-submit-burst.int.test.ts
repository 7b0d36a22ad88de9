import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { formResponses, forms } from './forms.tables.js';
import { formsTestKit } from './test-support.js';

/**
 * The public submit's idempotency at scale (issue 9, section 6): 1,000 device ids, each sent 3
 * times at once through POST /f/:formToken, store exactly 1,000 rows numbered 1..1,000 (gapless:
 * numbers are taken under the form's lock for new responses only, however the route batches them);
 * a retry with other answers under a stored id is a 409 that says so. Runs on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL under a pool (where the retries really race).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { setup, newForm, add, publish, openToken, publicClient, submit } = formsTestKit(() => t);

const IDS = 1000;
const RETRIES = 3;
/** ids in flight at once (x RETRIES requests): enough to race on a pool, bounded for 2-core CI */
const IDS_PER_BATCH = 100;
const DIFFERENT = /^A response with this id was already received with different answers\./;

it(`${IDS} ids x ${RETRIES} concurrent retries through the public submit store exactly ${IDS} rows`, async () => {
  const s = await setup();
  const formId = await newForm(s, { name: 'Burst', anonymous: true });
  await add(s, formId, { key: 'n', type: 'integer', label: 'N', required: true });
  await add(s, formId, { key: 'note', type: 'short_text', label: 'Note' });
  await publish(s, formId);
  const token = await openToken(formId);
  const c = publicClient();
  await c.get(`/f/${token}`); // the XSRF cookie once, before the concurrent sends
  const send = (id: string, answers: Record<string, string>) =>
    submit(c, token, { id, version: 1, answers });

  const ids = Array.from({ length: IDS }, () => randomUUID());
  const statuses: Record<number, number> = {};
  for (let from = 0; from < IDS; from += IDS_PER_BATCH) {
    const batch = ids.slice(from, from + IDS_PER_BATCH);
    const results = await Promise.all(
      batch.flatMap((id, i) =>
        Array.from({ length: RETRIES }, () => send(id, { n: String(from + i) })),
      ),
    );
    for (const r of results) statuses[r.statusCode] = (statuses[r.statusCode] ?? 0) + 1;
    // each id: exactly one 201 (created) and the retries 200 duplicate of the same response
    for (let i = 0; i < batch.length; i++) {
      const mine = results.slice(i * RETRIES, (i + 1) * RETRIES);
      expect(mine.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
      expect(new Set(mine.map((r) => r.json().responseId)).size).toBe(1);
    }
  }
  expect(statuses).toEqual({ 201: IDS, 200: IDS * (RETRIES - 1) });

  const rows = await t.app.ctx.db
    .select({ clientId: formResponses.clientId, seq: formResponses.seq })
    .from(formResponses)
    .where(eq(formResponses.formId, formId));
  expect(rows).toHaveLength(IDS);
  expect(new Set(rows.map((r) => r.clientId))).toEqual(new Set(ids));
  // the numbers are 1..IDS, gapless: a racing retry took the form's next number and gave it back
  expect(rows.map((r) => r.seq).sort((a, b) => a - b)).toEqual(
    Array.from({ length: IDS }, (_, i) => i + 1),
  );
  const [{ responseSeq }] = await t.app.ctx.db
    .select({ responseSeq: forms.responseSeq })
    .from(forms)
    .where(eq(forms.id, formId));
  expect(responseSeq).toBe(IDS);

  // a retry with other answers under a stored id: 409 with the reason, nothing stored
  const reused = await Promise.all(ids.slice(0, 20).map((id) => send(id, { n: '-1' })));
  for (const r of reused) {
    expect(r.statusCode).toBe(409);
    expect(r.json().detail).toMatch(DIFFERENT);
    expect(r.body).not.toMatch(/undefined/);
  }

  // racing retries that disagree: one wins, the same answers are its duplicate, the others 409
  const mixed = Array.from({ length: 20 }, () => randomUUID());
  const raced = await Promise.all(
    mixed.map((id) =>
      Promise.all([
        send(id, { n: '1', note: 'first' }),
        send(id, { n: '1', note: 'first' }),
        send(id, { n: '2', note: 'second' }),
      ]),
    ),
  );
  for (const [i, [a, a2, b]] of raced.entries()) {
    const [row] = await t.app.ctx.db
      .select({ answers: formResponses.answers })
      .from(formResponses)
      .where(eq(formResponses.clientId, mixed[i]));
    if (b.statusCode === 201) {
      expect([a.statusCode, a2.statusCode]).toEqual([409, 409]);
      expect(a.json().detail).toMatch(DIFFERENT);
      expect(row.answers).toEqual({ n: 2, note: 'second' });
    } else {
      expect([a.statusCode, a2.statusCode].sort()).toEqual([200, 201]);
      expect(b.statusCode).toBe(409);
      expect(b.json().detail).toMatch(DIFFERENT);
      expect(b.body).not.toMatch(/undefined/);
      expect(row.answers).toEqual({ n: 1, note: 'first' });
    }
  }
  const [{ n }] = await t.app.ctx.db
    .select({ n: count() })
    .from(formResponses)
    .where(eq(formResponses.formId, formId));
  expect(n).toBe(IDS + mixed.length);
});
