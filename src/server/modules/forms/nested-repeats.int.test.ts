import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { formQuestions, formResponses, formVersions } from './forms.tables.js';
import { formsTestKit, type KitState } from './test-support.js';

/** A repeat inside a repeat (members > visits): the builder's rules, the version, the submit. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const kit = formsTestKit(() => t);

describe('nested repeat groups', () => {
  let s: KitState;
  let formId: string;
  let token: string;
  const send = (answers: Record<string, unknown>) =>
    kit.submit(kit.publicClient(), token, { id: randomUUID(), version: 1, answers });
  const questionId = async (key: string) =>
    (
      await t.app.ctx.db
        .select({ id: formQuestions.id })
        .from(formQuestions)
        .where(and(eq(formQuestions.formId, formId), eq(formQuestions.key, key)))
    )[0].id;

  beforeAll(async () => {
    s = await kit.setup();
    formId = await kit.newForm(s, { anonymous: true });
    await kit.addMembersRepeat(s, formId, 4);
  });

  it('takes a repeat inside a repeat, and refuses one inside itself or more than 3 deep', async () => {
    await kit.addVisitsRepeat(s, formId, { max: 3 });
    await kit.add(s, formId, {
      key: 'visit_count',
      type: 'calculate',
      label: 'Visits',
      calculation: 'count(${visits})',
    });

    // members inside visits, which is inside members
    const self = await s.client.put(`/form-questions/${await questionId('members')}`, {
      key: 'members',
      type: 'repeat',
      label: 'Household members',
      itemLabel: 'member',
      validation: { min: '1', max: '4' },
      repeatKey: 'visits',
    });
    expect(self.statusCode).toBe(303);
    expect((await kit.fieldErrors(s, formId)).repeatKey).toBe(
      'A repeat group cannot be inside itself or inside a repeat group it holds.',
    );
    // a third level is fine, a fourth is refused
    await kit.add(s, formId, {
      key: 'doses',
      type: 'repeat',
      label: 'Doses',
      repeatKey: 'visits',
    });
    await s.client.post(`/forms/${formId}/questions`, {
      key: 'fourth',
      type: 'repeat',
      label: 'Too deep',
      repeatKey: 'doses',
    });
    expect((await kit.fieldErrors(s, formId)).repeatKey).toBe(
      'Repeat groups nest at most 3 deep: this would make 4.',
    );
    const del = await s.client.delete(`/form-questions/${await questionId('doses')}`);
    expect(del.statusCode).toBe(303);
  });

  it('publishes the repeats nested and stores each level’s instances', async () => {
    await kit.publish(s, formId);
    const [v] = await t.app.ctx.db
      .select()
      .from(formVersions)
      .where(eq(formVersions.formId, formId));
    const members = v.questions.find((q) => q.key === 'members')!;
    expect(members.questions!.map((q) => q.key)).toEqual(['name', 'age', 'school', 'visits']);
    expect(members.questions![3].questions!.map((q) => q.key)).toEqual(['clinic', 'vaccinated']);

    token = await kit.openToken(formId);
    const ok = await send({
      members: [
        {
          name: 'Ann',
          age: '3',
          visits: [{ clinic: 'North', vaccinated: 'yes' }, { clinic: 'South' }],
        },
        // a 40-year-old is not asked about vaccination: the answer is cleaned
        { name: 'Ben', age: '40', visits: [{ clinic: 'East', vaccinated: 'no' }] },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.formId, formId));
    expect(row.answers).toEqual({
      members: [
        {
          name: 'Ann',
          age: 3,
          visits: [{ clinic: 'North', vaccinated: 'yes' }, { clinic: 'South' }],
        },
        { name: 'Ben', age: 40, visits: [{ clinic: 'East' }] },
      ],
      visit_count: 3,
    });
  });

  it('refuses a bad answer deep inside with its whole path', async () => {
    const bad = await send({
      members: [{ name: 'Ann', age: '3', visits: [{ clinic: 'North' }, { vaccinated: 'maybe' }] }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'members[1].visits[2].clinic': 'This question needs an answer.',
      'members[1].visits[2].vaccinated': expect.stringMatching(/yes or no/i),
    });
    const many = await send({
      members: [{ name: 'Ann', visits: [1, 2, 3, 4].map(() => ({ clinic: 'N' })) }],
    });
    expect(many.json().errors).toEqual({
      'members[1].visits': expect.stringMatching(/at most 3 visits/),
    });
  });
});
