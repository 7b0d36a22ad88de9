import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { formQuestions, formResponses, formVersions } from './forms.tables.js';
import { formsTestKit, type KitState } from './test-support.js';

/**
 * Cascading selects (a choice filter over the choices' properties), conditionally required and
 * read-only questions: saved through the builder's routes, published, enforced on submit.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { setup, newForm, add, fieldErrors, publish, openToken, publicClient, submit } = formsTestKit(
  () => t,
);

const city = (value: string, state: string) => ({
  value,
  label: value[0].toUpperCase() + value.slice(1),
  properties: { state },
});

/** state -> city (filtered by state, required when the age is 18 or more), country read-only. */
async function cascadeForm(s: KitState) {
  const formId = await newForm(s);
  await add(s, formId, { key: 'age', type: 'integer', label: 'Age' });
  await add(s, formId, {
    key: 'state',
    type: 'single_choice',
    label: 'State',
    choices: [
      { value: 'lagos', label: 'Lagos' },
      { value: 'kano', label: 'Kano' },
    ],
  });
  await add(s, formId, {
    key: 'city',
    type: 'dropdown',
    label: 'City',
    choices: [city('ikeja', 'lagos'), city('epe', 'lagos'), city('fagge', 'kano')],
    choiceFilter: 'state = ${state}',
    required: true,
    requiredWhen: '${age} >= 18',
    requiredMessage: 'Adults name their city.',
  });
  await add(s, formId, {
    key: 'country',
    type: 'short_text',
    label: 'Country',
    defaultValue: 'Nigeria',
    readOnly: true,
  });
  return formId;
}

describe('choice filters, required conditions and read-only questions', () => {
  it('are saved in the draft and in the published version', async () => {
    const s = await setup();
    const formId = await cascadeForm(s);
    const page = await s.client.page(`/forms/${formId}/fields`);
    const qs = page.props.questions as Array<Record<string, unknown>>;
    expect(qs[2]).toMatchObject({
      choiceFilter: 'state = ${state}',
      requiredWhen: '${age} >= 18',
      choices: [{ properties: { state: 'lagos' } }, {}, {}],
    });
    expect(qs[3]).toMatchObject({ readOnly: true, defaultValue: 'Nigeria' });
    await publish(s, formId);
    const [v] = await t.app.ctx.db
      .select()
      .from(formVersions)
      .where(eq(formVersions.formId, formId));
    expect(v.questions[2]).toMatchObject({ choiceFilter: 'state = ${state}' });
    expect(v.questions[3]).toMatchObject({ readOnly: true });
    // a question without them carries none of the fields (older versions compare equal)
    expect(Object.keys(v.questions[0])).not.toContain('readOnly');
  });

  it('enforce them on submit: the offered choices, the condition, the default kept', async () => {
    const s = await setup();
    const formId = await cascadeForm(s);
    await publish(s, formId);
    const token = await openToken(formId);
    const c = publicClient();
    const send = (answers: Record<string, unknown>) =>
      submit(c, token, { id: randomUUID(), version: 1, answers });

    // a city of another state is refused on its field
    const wrong = await send({ age: 30, state: 'lagos', city: 'fagge' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ city: '“fagge” is not one of the choices.' });
    // required for an adult, not for a child
    const adult = await send({ age: 30, state: 'kano' });
    expect(adult.json().errors).toEqual({ city: 'Adults name their city.' });
    expect((await send({ age: 12, state: 'kano' })).statusCode).toBe(201);
    // a read-only answer sent anyway is replaced by the default
    const ok = await send({ age: 30, state: 'kano', city: 'fagge', country: 'Ghana' });
    expect(ok.statusCode, ok.body).toBe(201);
    const rows = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.formId, formId))
      .orderBy(formResponses.seq);
    expect(rows.map((r) => r.answers)).toEqual([
      { age: 12, state: 'kano', country: 'Nigeria' },
      { age: 30, state: 'kano', city: 'fagge', country: 'Nigeria' },
    ]);
  });

  it('refuse bad settings on the field that has them', async () => {
    const s = await setup();
    const formId = await cascadeForm(s);
    const refused = async (_: KitState, id: string, q: Record<string, unknown>) => {
      const res = await s.client.post(`/forms/${id}/questions`, q);
      expect(res.statusCode).toBe(303);
      return fieldErrors(s, id);
    };
    const base = { type: 'dropdown', label: 'Town', choices: [city('ikeja', 'lagos')] };
    expect(
      await refused(s, formId, { ...base, key: 'town', choiceFilter: 'region = ${state}' }),
    ).toMatchObject({ choiceFilter: expect.stringMatching(/^No choice has a property `region`/) });
    expect(
      await refused(s, formId, { ...base, key: 'town', choiceFilter: 'state = ${later}' }),
    ).toMatchObject({ choiceFilter: 'Unknown question `later` (at character 9)' });
    expect(
      await refused(s, formId, {
        ...base,
        key: 'town',
        choices: [{ value: 'x', label: 'X', properties: { name: 'y' } }],
      }),
    ).toMatchObject({
      choices: 'Choice “x”: “name” is the choice’s value already: name the property otherwise.',
    });
    expect(
      await refused(s, formId, {
        key: 'why',
        type: 'short_text',
        label: 'Why',
        requiredWhen: '${age} > 1',
      }),
    ).toMatchObject({ requiredWhen: expect.stringMatching(/Tick “Required”/) });
    expect(
      await refused(s, formId, { key: 'ro', type: 'short_text', label: 'RO', readOnly: true }),
    ).toMatchObject({
      readOnly: 'A read-only question shows its default or its calculation: set one.',
    });
    // nothing was added
    const keys = (
      await t.app.ctx.db.select().from(formQuestions).where(eq(formQuestions.formId, formId))
    ).map((q) => q.key);
    expect(keys.sort()).toEqual(['age', 'city', 'country', 'state']);
  });
});
