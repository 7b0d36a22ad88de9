import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { formResponses, formTestLinks, formTestResponses } from './forms.tables.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { formsTestKit } from './test-support.js';

/** The draft's test link: the draft on the public page, test responses kept apart, deleted, cleared on publish. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { setup, newForm, add, publish, publicClient, publicPage } = formsTestKit(() => t);

const testSubmit = (token: string, body: unknown, c = publicClient()) =>
  c.request('POST', `/f/test/${token}`, body, { accept: 'application/json' });

async function makeTestLink(s: Awaited<ReturnType<typeof setup>>, formId: string) {
  const res = await s.client.post(`/forms/${formId}/test-link`);
  expect(res.statusCode).toBe(303);
  const fields = await s.client.page(`/forms/${formId}/fields`);
  const url = fields.props.testUrl as string;
  expect(url).toMatch(/^\/f\/test\/[A-Za-z0-9_-]{43}$/);
  return url.split('/')[3];
}

describe('the draft’s test link', () => {
  it('renders the draft, keeps its responses apart, lists them under their filter and deletes them', async () => {
    const s = await setup();
    const formId = await newForm(s);
    await add(s, formId, { key: 'village', type: 'short_text', label: 'Village', required: true });
    const token = await makeTestLink(s, formId);
    // making it again keeps the same link (and writes nothing)
    expect((await s.client.post(`/forms/${formId}/test-link`)).statusCode).toBe(303);
    expect(
      (await t.app.ctx.db.select().from(formTestLinks).where(eq(formTestLinks.formId, formId)))
        .length,
    ).toBe(1);

    // the unpublished draft opens on the public page, marked as a test
    const { res, props } = await publicPage(`/f/test/${token}`);
    expect(res.statusCode).toBe(200);
    expect(props).toMatchObject({ test: true, version: 0, closed: null });
    expect(props!.questions.map((q) => q.key)).toEqual(['village']);
    // the builder's phone preview frames it: the app's own pages only (every other page: none)
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const builder = await s.client.get(`/forms/${formId}/fields`);
    expect(String(builder.headers['content-security-policy'])).toContain("frame-ancestors 'none'");

    // the same checks as a real submission, on the field
    const bad = await testSubmit(token, { id: randomUUID(), version: 0, answers: {} });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('village');
    const id = randomUUID();
    const ok = await testSubmit(token, { id, version: 0, answers: { village: 'Kibera' } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ status: 'created', test: true });
    // idempotent by the device's id, like the real submit
    expect(
      (await testSubmit(token, { id, version: 0, answers: { village: 'Kibera' } })).statusCode,
    ).toBe(200);
    expect(
      (await testSubmit(token, { id, version: 0, answers: { village: 'Other' } })).statusCode,
    ).toBe(409);
    // the 409 in the language the response was answered in
    const other = await testSubmit(token, {
      id,
      version: 0,
      answers: { village: 'Other' },
      lang: 'fr',
    });
    expect(other.json().detail).toBe(
      'Une réponse de test avec cet identifiant a déjà été reçue avec d’autres réponses. Rechargez le formulaire pour en envoyer une nouvelle.',
    );

    // a draft edit shows at once on the test link
    await add(s, formId, { key: 'meals', type: 'integer', label: 'Meals a day' });
    expect((await publicPage(`/f/test/${token}`)).props!.questions.map((q) => q.key)).toEqual([
      'village',
      'meals',
    ]);
    await testSubmit(token, {
      id: randomUUID(),
      version: 0,
      answers: { village: 'Mathare', meals: 2 },
    });

    // never a real response; listed only under "Test responses"
    expect(
      (await t.app.ctx.db.select().from(formResponses).where(eq(formResponses.formId, formId)))
        .length,
    ).toBe(0);
    const list = await s.client.page(`/forms/${formId}/responses`);
    expect(list.props.responses.rows).toEqual([]);
    expect(list.props.testCount).toBe(2);
    const tests = await s.client.page(`/forms/${formId}/responses?test=1`);
    expect(tests.props.filters.test).toBe(true);
    expect(
      tests.props.responses.rows.map((r: { seq: number; test: boolean }) => [r.seq, r.test]),
    ).toEqual([
      [2, true],
      [1, true],
    ]);
    expect(tests.props.columns.map((c: { key: string }) => c.key)).toEqual(['village', 'meals']);

    // deleted in one action, audited
    const del = await s.client.delete(`/forms/${formId}/test-responses`);
    expect(del.statusCode).toBe(303);
    expect(
      (
        await t.app.ctx.db
          .select()
          .from(formTestResponses)
          .where(eq(formTestResponses.formId, formId))
      ).length,
    ).toBe(0);
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'form.test_responses_deleted'));
    expect(audit.details).toMatchObject({ count: 2 });
  });

  it('publishing does not carry test responses over; exports and the API never see them', async () => {
    const s = await setup();
    const formId = await newForm(s);
    await add(s, formId, { key: 'village', type: 'short_text', label: 'Village' });
    const token = await makeTestLink(s, formId);
    await testSubmit(token, { id: randomUUID(), version: 0, answers: { village: 'Test village' } });
    await publish(s, formId);
    expect(
      (
        await t.app.ctx.db
          .select()
          .from(formTestResponses)
          .where(eq(formTestResponses.formId, formId))
      ).length,
    ).toBe(0);
    // the link keeps working for the next draft; a new test response is still apart
    await testSubmit(token, { id: randomUUID(), version: 0, answers: { village: 'Test again' } });
    const csv = await s.client.get(`/forms/${formId}/responses/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('Test again');
    expect((await s.client.page(`/forms/${formId}/responses`)).props.responses.total).toBe(0);
  });

  it('refuses unknown tokens and another team’s form', async () => {
    const a = await setup();
    const b = await setup();
    const formId = await newForm(a);
    await add(a, formId, { key: 'village', type: 'short_text', label: 'Village' });
    expect((await publicClient().get(`/f/test/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect(
      (await testSubmit('y'.repeat(43), { id: randomUUID(), version: 0, answers: {} })).statusCode,
    ).toBe(404);
    expect((await b.client.post(`/forms/${formId}/test-link`)).statusCode).toBe(404);
    expect((await b.client.delete(`/forms/${formId}/test-responses`)).statusCode).toBe(404);
    expect(
      (await t.app.ctx.db.select().from(formTestLinks).where(eq(formTestLinks.formId, formId)))
        .length,
    ).toBe(0);
  });
});
