import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { formLinks, formResponseFlags, formResponses, formVersions } from './forms.tables.js';
import { STATS_WINDOW, statisticalReasonsOf } from './quality.flags.js';
import { formsTestKit } from './test-support.js';

/**
 * The statistical quality rules read a bounded window: the form's latest STATS_WINDOW other live
 * responses by number, so a submission's cost does not grow with the form. An answer usual among
 * the old responses but far outside the recent ones is flagged.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { setup, newForm, add, publish, openToken, publicClient, submit } = formsTestKit(() => t);

/**
 * A published anonymous form of one decimal question with `count` stored responses numbered
 * 1..count, `answer(g)` the SQL of number g's answer (`g` is the number).
 */
async function seededForm(
  o: { name: string; key: string; label: string },
  count: number,
  answer: ReturnType<typeof sql>,
) {
  const s = await setup();
  const formId = await newForm(s, { name: o.name, anonymous: true });
  await add(s, formId, { key: o.key, type: 'decimal', label: o.label });
  await publish(s, formId);
  const token = await openToken(formId);
  const db = t.app.ctx.db;
  const [version] = await db.select().from(formVersions).where(eq(formVersions.formId, formId));
  const [link] = await db.select().from(formLinks).where(eq(formLinks.token, token));
  await db.execute(sql`
    insert into form_responses (team_id, form_id, client_id, seq, version_id, version_number,
      link_id, answers, answers_hash)
    select ${version.teamId}, ${formId}::uuid, gen_random_uuid(), g, ${version.id}::uuid, 1,
      ${link.id}::uuid, jsonb_build_object(${o.key}::text, ${answer}), 'seeded-' || g
    from generate_series(1, ${count}) g`);
  await db.execute(sql`update forms set response_seq = ${count} where id = ${formId}`);
  return { formId, token, version };
}

it('computes the out-of-range quartiles over the latest STATS_WINDOW responses only', async () => {
  // numbers 1..W answered 5000 (older), W+1..2W answered 100..119 (the latest W)
  const { token } = await seededForm(
    { name: 'Incomes', key: 'income', label: 'Income' },
    2 * STATS_WINDOW,
    sql`case when g <= ${STATS_WINDOW} then 5000 else 100 + g % 20 end`,
  );
  const db = t.app.ctx.db;

  const res = await submit(publicClient(), token, {
    id: randomUUID(),
    version: 1,
    answers: { income: '5000' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().responseId as string;
  const [stored] = await db.select().from(formResponses).where(eq(formResponses.id, id));
  expect(stored.seq).toBe(2 * STATS_WINDOW + 1);
  // over all 2W others Q3 would be 5000 (not flagged); over the latest W it is far outside 100..119
  const flags = await db
    .select()
    .from(formResponseFlags)
    .where(eq(formResponseFlags.responseId, id));
  expect(flags.map((f) => f.rule)).toEqual(['out_of_range']);
  expect(flags[0].reason).toMatch(/^Income: 5000 is outside/);
});

it('reads the window’s figures again once a twentieth of the window is new, not per batch', async () => {
  const { formId, version } = await seededForm(
    { name: 'Harvests', key: 'kg', label: 'Harvest (kg)' },
    400,
    sql`100 + g % 20`,
  );
  const db = t.app.ctx.db;
  const judge = async (seq?: number) =>
    (
      await statisticalReasonsOf(db, { formId, seq }, [
        { answers: { kg: 5000 }, durationMs: null, questions: version.questions },
      ])
    )[0].out_of_range;
  expect(await judge(400)).toMatch(/^Harvest \(kg\): 5000 is outside/);
  // every stored harvest becomes 5000: the figures read at number 400 hold for 19 more numbers
  // (a twentieth of 400 is 20), then are read again
  await db.execute(
    sql`update form_responses set answers = '{"kg": 5000}' where form_id = ${formId}`,
  );
  expect(await judge(419)).toMatch(/^Harvest \(kg\): 5000 is outside/);
  expect(await judge(420)).toBeNull();
  // without the form's number (a response judged again) the figures are always read
  await db.execute(
    sql`update form_responses set answers = jsonb_build_object('kg', 100 + seq % 20) where form_id = ${formId}`,
  );
  expect(await judge()).toMatch(/^Harvest \(kg\): 5000 is outside/);
});
