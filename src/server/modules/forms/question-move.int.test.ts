import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { formQuestions } from './forms.tables.js';
import { formsTestKit } from './test-support.js';

/** Reordering the draft: one place up or down (the arrows), or to a place (drag and drop). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { setup, newForm, add, fieldErrors } = formsTestKit(() => t);

describe('moving a draft question', () => {
  it('moves it to the place it is dropped on, or up and down, and refuses a bad place on the field', async () => {
    const s = await setup();
    const formId = await newForm(s);
    for (const key of ['a', 'b', 'c', 'd'])
      await add(s, formId, { key, type: 'short_text', label: key.toUpperCase() });
    const rows = () =>
      t.app.ctx.db
        .select()
        .from(formQuestions)
        .where(eq(formQuestions.formId, formId))
        .orderBy(asc(formQuestions.position));
    const order = async () => (await rows()).map((r) => r.key).join('');
    const id = async (key: string) => (await rows()).find((r) => r.key === key)!.id;
    const move = async (key: string, body: Record<string, unknown>) =>
      s.client.post(`/form-questions/${await id(key)}/move`, body);

    expect((await move('d', { position: 1 })).statusCode).toBe(303);
    expect(await order()).toBe('dabc');
    // past the end: the last place
    await move('d', { position: 99 });
    expect(await order()).toBe('abcd');
    await move('a', { position: 3 });
    expect(await order()).toBe('bcad');
    await move('a', { direction: 'up' });
    expect(await order()).toBe('bacd');

    await move('a', { position: 0 });
    expect(await fieldErrors(s, formId)).toEqual({ position: 'The first place is 1.' });
    await move('a', {});
    expect(await fieldErrors(s, formId)).toEqual({ direction: 'Move up or down, or to a place.' });
    await move('a', { direction: 'up', position: 2 });
    expect(await fieldErrors(s, formId)).toEqual({ direction: 'Move up or down, or to a place.' });
    expect(await order()).toBe('bacd');
  });
});
