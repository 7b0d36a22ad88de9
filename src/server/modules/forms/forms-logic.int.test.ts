import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { formQuestions, formResponses, formVersions } from './forms.tables.js';
import { formsTestKit, type KitState } from './test-support.js';

/** Skip logic (`relevant`) and custom constraints: saved, published, and enforced on submit. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { setup, newForm, add, fieldErrors, publish, openToken, publicClient, submit } = formsTestKit(
  () => t,
);

const questionRow = async (formId: string, key: string) =>
  (await t.app.ctx.db.select().from(formQuestions).where(eq(formQuestions.formId, formId))).find(
    (q) => q.key === key,
  )!;

const questionId = async (formId: string, key: string) => (await questionRow(formId, key)).id;

/** A form: has_children (yes/no) -> children (integer, required, shown when yes, 1..20 by constraint). */
async function skipForm(s: KitState) {
  const formId = await newForm(s);
  await add(s, formId, { key: 'has_children', type: 'yes_no', label: 'Children?', required: true });
  await add(s, formId, {
    key: 'children',
    type: 'integer',
    label: 'How many children?',
    required: true,
    relevant: "${has_children} = 'yes'",
    constraint: '. >= 1 and . <= 20',
    constraintMessage: 'Between 1 and 20 children.',
  });
  await add(s, formId, { key: 'note', type: 'long_text', label: 'Anything else?' });
  return formId;
}

describe('skip logic and constraints', () => {
  it('stores the expressions in the draft and in the published version snapshot', async () => {
    const s = await setup();
    const formId = await skipForm(s);
    const page = await s.client.page(`/forms/${formId}/fields`);
    const q = (page.props.questions as Array<Record<string, unknown>>)[1];
    expect(q).toMatchObject({
      relevant: "${has_children} = 'yes'",
      constraint: '. >= 1 and . <= 20',
      constraintMessage: 'Between 1 and 20 children.',
    });
    await publish(s, formId);
    const [v] = await t.app.ctx.db
      .select()
      .from(formVersions)
      .where(eq(formVersions.formId, formId));
    expect(v.questions[1].relevant).toBe("${has_children} = 'yes'");
    // a changed rule is a change to publish, reported as such
    const id = await questionId(formId, 'children');
    await s.client.put(`/form-questions/${id}`, { relevant: "${has_children} != 'no'" });
    const after = await s.client.page(`/forms/${formId}/fields`);
    expect(after.props.diff).toMatchObject({
      unchanged: false,
      logicChanged: [{ key: 'children' }],
    });
  });

  it('drops a forged answer to a hidden question, refuses a visible required one missing, and gives the constraint message', async () => {
    const s = await setup();
    const formId = await skipForm(s);
    await publish(s, formId);
    const token = await openToken(formId);
    const c = publicClient();

    // hidden (has_children = no): the answer sent anyway is cleaned, not stored, not even checked
    const forged = await submit(c, token, {
      id: randomUUID(),
      version: 1,
      answers: { has_children: 'no', children: 'lots' },
    });
    expect(forged.statusCode, forged.body).toBe(201);
    const stored = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.formId, formId));
    expect(stored.map((r) => r.answers)).toEqual([{ has_children: 'no' }]);

    // shown and required, but missing
    const missing = await submit(c, token, {
      id: randomUUID(),
      version: 1,
      answers: { has_children: 'yes' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ children: 'This question needs an answer.' });

    // shown, answered, the constraint fails: its message on the field
    const bad = await submit(c, token, {
      id: randomUUID(),
      version: 1,
      answers: { has_children: 'yes', children: '25' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ children: 'Between 1 and 20 children.' });

    const good = await submit(c, token, {
      id: randomUUID(),
      version: 1,
      answers: { has_children: 'yes', children: '3' },
    });
    expect(good.statusCode).toBe(201);
    expect(
      (await t.app.ctx.db.select().from(formResponses).where(eq(formResponses.formId, formId)))
        .length,
    ).toBe(2);
  });

  it('refuses a bad expression on save, on the field, with its position', async () => {
    const s = await setup();
    const formId = await skipForm(s);
    const cases: Array<[Record<string, unknown>, Record<string, RegExp>]> = [
      [{ relevant: '${has_children} = ' }, { relevant: /ends too early \(at character 18\)/ }],
      [
        { relevant: "${has_kids} = 'yes'" },
        { relevant: /Unknown question `has_kids` \(at character 1\)/ },
      ],
      [{ relevant: '${children} > 2' }, { relevant: /its own answer.*character 1/ }],
      [{ relevant: "${note} = 'x'" }, { relevant: /`note` comes after this question/ }],
      [{ relevant: '. > 2' }, { relevant: /`\.`.*character 1/ }],
      [{ constraint: '. > 1 and' }, { constraint: /at character 10/ }],
      [{ constraint: 'regex(., "[")' }, { constraint: /Invalid pattern/ }],
    ];
    const id = await questionId(formId, 'children');
    for (const [body, expected] of cases) {
      const res = await s.client.put(`/form-questions/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(303);
      const errors = await fieldErrors(s, formId);
      for (const [field, re] of Object.entries(expected)) expect(errors[field]).toMatch(re);
    }
    // adding a question: the same checks (it reads only the questions already there)
    const res = await s.client.post(`/forms/${formId}/questions`, {
      type: 'short_text',
      label: 'Ages',
      relevant: '${nobody} > 1',
    });
    expect(res.statusCode).toBe(303);
    expect((await fieldErrors(s, formId)).relevant).toMatch(/Unknown question `nobody`/);
    // nothing was written
    const [row] = await t.app.ctx.db.select().from(formQuestions).where(eq(formQuestions.id, id));
    expect(row.relevant).toBe("${has_children} = 'yes'");
    expect(row.constraint).toBe('. >= 1 and . <= 20');
  });

  it('straightens curly quotes pasted from Word or Excel on save, and says so', async () => {
    const s = await setup();
    const formId = await skipForm(s);
    const id = await questionId(formId, 'children');
    const res = await s.client.put(`/form-questions/${id}`, {
      relevant: '${has_children} = “yes”',
      constraint: 'string-length(.) > 0 or . = ‘x’',
    });
    expect(res.statusCode).toBe(303);
    const page = await s.client.page(`/forms/${formId}/fields`);
    expect(page.props.errors).toEqual({});
    expect(page.props.flash).toMatchObject({
      success: 'Question “How many children?” saved.',
      info: 'Curly quotes in the skip logic and the custom constraint of “How many children?” were changed to straight quotes.',
    });
    const [row] = await t.app.ctx.db.select().from(formQuestions).where(eq(formQuestions.id, id));
    expect(row.relevant).toBe('${has_children} = "yes"');
    expect(row.constraint).toBe("string-length(.) > 0 or . = 'x'");
    // adding a question: the same
    await s.client.post(`/forms/${formId}/questions`, {
      type: 'short_text',
      label: 'Ages',
      relevant: '${has_children} = ‘no’',
    });
    expect((await s.client.page(`/forms/${formId}/fields`)).props.flash.info).toBe(
      'Curly quotes in the skip logic of “Ages” were changed to straight quotes.',
    );
    expect((await questionRow(formId, 'ages')).relevant).toBe("${has_children} = 'no'");
  });

  it('names a question by its label in the toast, shortened when long', async () => {
    const s = await setup();
    const formId = await skipForm(s);
    const label =
      'How many members of the household slept under a treated mosquito net last night, including infants?';
    await s.client.post(`/forms/${formId}/questions`, { type: 'integer', label });
    expect((await s.client.page(`/forms/${formId}/fields`)).props.flash.success).toBe(
      'Question “How many members of the household slept under a treated…” added.',
    );
  });

  it('refuses a rule that reads a note question, on the field', async () => {
    const s = await setup();
    const formId = await skipForm(s);
    await add(s, formId, { key: 'intro', type: 'note', label: 'Thank you for your time.' });
    const res = await s.client.post(`/forms/${formId}/questions`, {
      type: 'short_text',
      label: 'Why?',
      relevant: "${intro} = 'x'",
    });
    expect(res.statusCode).toBe(303);
    expect((await fieldErrors(s, formId)).relevant).toMatch(
      /`intro` is a note and has no answer.*\(at character 1\)/,
    );
  });

  it('refuses to publish a draft whose expressions read a removed or a later question, naming it', async () => {
    const s = await setup();
    const formId = await skipForm(s);
    await s.client.delete(`/form-questions/${await questionId(formId, 'has_children')}`);
    await s.client.post(`/forms/${formId}/versions`);
    expect((await fieldErrors(s, formId)).publish).toMatch(
      /“How many children\?” \(children\), skip logic: Unknown question `has_children` \(at character 1\)/,
    );
    expect(
      await t.app.ctx.db.select().from(formVersions).where(eq(formVersions.formId, formId)),
    ).toEqual([]);
    // moving the question it reads below it: the rule would read a later answer
    await add(s, formId, { key: 'has_children', type: 'yes_no', label: 'Children?' });
    await s.client.post(`/forms/${formId}/versions`);
    expect((await fieldErrors(s, formId)).publish).toMatch(
      /\(children\), skip logic: `has_children` comes after this question/,
    );
    await s.client.post(`/form-questions/${await questionId(formId, 'has_children')}/move`, {
      direction: 'up',
    });
    await s.client.post(`/form-questions/${await questionId(formId, 'has_children')}/move`, {
      direction: 'up',
    });
    await publish(s, formId);
  });
});
