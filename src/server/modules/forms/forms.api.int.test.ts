import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createApiToken } from '../api-tokens/index.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { formResponses, stakeholders } from './forms.tables.js';
import { formsTestKit, type KitState } from './test-support.js';

/** The forms API: lists with keyset paging and filters, records, and the idempotent submit. */
let t: TestApp;
beforeAll(async () => {
  // the concurrency test sends hundreds of requests with one token
  t = await createTestApp({ config: { apiRateLimitPerMinute: 100_000 } });
});
afterAll(() => t.close());

const { setup, newForm, add, publish, openToken, publicClient, submit } = formsTestKit(() => t);

type Ability = 'read' | 'create' | 'update' | 'delete';
async function tokenFor(s: KitState, abilities: Ability[] = ['read', 'create']) {
  return (
    await createApiToken(t.app.ctx, {
      userId: s.user.id,
      teamId: s.team.id,
      name: 'forms api',
      abilities,
    })
  ).plainText;
}
const api = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('forms API', () => {
  let s: KitState;
  let token: string;
  let formId: string;
  let linked: string;
  beforeAll(async () => {
    s = await setup();
    token = await tokenFor(s);
    formId = await newForm(s, { anonymous: true, waves: ['baseline', 'endline'] });
    await add(s, formId, { key: 'name', type: 'short_text', label: 'Name', required: true });
    await add(s, formId, { key: 'age', type: 'integer', label: 'Age' });
    await add(s, formId, {
      key: 'school',
      type: 'short_text',
      label: 'School',
      relevant: '${age} < 18',
    });
    await publish(s, formId);
    linked = await newForm(s, { name: 'Follow-up', anonymous: false, waves: ['baseline'] });
    await add(s, linked, { key: 'score', type: 'integer', label: 'Score' });
    await publish(s, linked);
  });

  it('lists the team’s forms with filters and keyset pages, and shows one', async () => {
    const extra = await newForm(s, { name: 'Third' });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await api(
        token,
        'GET',
        `/api/v1/forms?projectId=${s.project.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((f: { id: string }) => f.id));
      cursor = body.meta.nextCursor;
    } while (cursor);
    expect(seen).toEqual([formId, linked, extra]);
    const stakeholderForms = await api(token, 'GET', '/api/v1/forms?kind=stakeholder');
    expect(stakeholderForms.json().data).toEqual([]);
    const one = await api(token, 'GET', `/api/v1/forms/${formId}`);
    expect(one.json()).toMatchObject({
      id: formId,
      kind: 'survey',
      currentVersion: 1,
      waves: ['baseline', 'endline'],
    });
    const versions = await api(token, 'GET', `/api/v1/forms/${formId}/versions`);
    expect(versions.json().data).toHaveLength(1);
    expect(versions.json().data[0].questions.map((q: { key: string }) => q.key)).toEqual([
      'name',
      'age',
      'school',
    ]);
    const bad = await api(token, 'GET', '/api/v1/forms?cursor=bm9wZQ');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.cursor).toMatch(/not one a list gave/);
  });

  it('stores a response once: a retry is 200 duplicate, other answers under the same id 409', async () => {
    const id = randomUUID();
    const body = { id, version: 1, answers: { name: 'Amina', age: '34' }, wave: 'baseline' };
    const first = await api(token, 'POST', `/api/v1/forms/${formId}/responses`, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'created' });
    const again = await api(token, 'POST', `/api/v1/forms/${formId}/responses`, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'duplicate', responseId: first.json().responseId });
    const other = await api(token, 'POST', `/api/v1/forms/${formId}/responses`, {
      ...body,
      answers: { name: 'Amina', age: '35' },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().detail).toMatch(/already received with different answers/);
    const rows = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.clientId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ answers: { name: 'Amina', age: 34 }, linkId: null });
    // one audit row for the one write, none for the retry
    const [{ n }] = await t.app.ctx.db
      .select({ n: count() })
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, 'form_response.submitted'), eq(auditLogs.subjectId, rows[0].id)),
      );
    expect(n).toBe(1);
    // the same id through the public page is the same response (one write path)
    const viaPage = await submit(publicClient(), await openToken(formId), body);
    expect(viaPage.statusCode).toBe(200);
    expect(viaPage.json().status).toBe('duplicate');
  });

  it('checks answers like the public form and cleans answers to hidden questions', async () => {
    const refused = await api(token, 'POST', `/api/v1/forms/${formId}/responses`, {
      id: randomUUID(),
      version: 1,
      answers: { age: 'old', colour: 'red' },
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['age', 'colour', 'name']);
    const forged = await api(token, 'POST', `/api/v1/forms/${formId}/responses`, {
      id: randomUUID(),
      version: 1,
      answers: { name: 'Ben', age: '40', school: 'Hidden answer' },
    });
    expect(forged.statusCode).toBe(201);
    const [row] = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.id, forged.json().responseId));
    expect(row.answers).toEqual({ name: 'Ben', age: 40 });
    for (const [body, field] of [
      [{ id: randomUUID(), version: 7, answers: { name: 'X' } }, 'version'],
      [{ id: randomUUID(), version: 1, answers: { name: 'X' }, wave: 'midline' }, 'wave'],
      [
        { id: randomUUID(), version: 1, answers: { name: 'X' }, stakeholderId: randomUUID() },
        'stakeholderId',
      ],
      [{ id: 'not-a-uuid', version: 1, answers: {} }, 'id'],
      [{ id: randomUUID(), version: 1, answers: {}, extra: 1 }, 'extra'],
    ] as const) {
      const res = await api(token, 'POST', `/api/v1/forms/${formId}/responses`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toHaveProperty(field);
    }
  });

  it('ties a stakeholder-linked survey’s response to a stakeholder of its project and wave', async () => {
    const [person] = await t.app.ctx.db
      .insert(stakeholders)
      .values({ teamId: s.team.id, projectId: s.project.id, code: 'S-APITEST1', name: 'Chidi' })
      .returning();
    const noWave = await api(token, 'POST', `/api/v1/forms/${linked}/responses`, {
      id: randomUUID(),
      version: 1,
      answers: { score: '3' },
      stakeholderId: person.id,
    });
    expect(noWave.statusCode).toBe(422);
    expect(noWave.json().errors.wave).toMatch(/baseline/);
    const ok = await api(token, 'POST', `/api/v1/forms/${linked}/responses`, {
      id: randomUUID(),
      version: 1,
      answers: { score: '3' },
      stakeholderId: person.id,
      wave: 'baseline',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const list = await api(
      token,
      'GET',
      `/api/v1/forms/${linked}/responses?stakeholderId=${person.id}&wave=baseline`,
    );
    expect(list.json().data).toEqual([
      expect.objectContaining({
        stakeholderId: person.id,
        wave: 'baseline',
        answers: { score: 3 },
      }),
    ]);
    const people = await api(token, 'GET', `/api/v1/stakeholders?q=chid`);
    expect(people.json().data.map((p: { code: string }) => p.code)).toEqual(['S-APITEST1']);
    const one = await api(token, 'GET', `/api/v1/stakeholders/${person.id}`);
    expect(one.json()).toMatchObject({ code: 'S-APITEST1', name: 'Chidi' });
  });

  it('exactly one row per id under concurrent retries (40 ids x 3 at once)', async () => {
    const form = await newForm(s, { name: 'Burst', anonymous: true });
    await add(s, form, { key: 'n', type: 'integer', label: 'N' });
    await publish(s, form);
    const ids = Array.from({ length: 40 }, () => randomUUID());
    const answers = await Promise.all(
      ids.flatMap((id, i) =>
        [0, 1, 2].map(() =>
          api(token, 'POST', `/api/v1/forms/${form}/responses`, {
            id,
            version: 1,
            answers: { n: String(i) },
          }),
        ),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(40);
    expect(codes.filter((c) => c === 200)).toHaveLength(80);
    const [{ n }] = await t.app.ctx.db
      .select({ n: count() })
      .from(formResponses)
      .where(eq(formResponses.formId, form));
    expect(n).toBe(40);
    // the list pages through all of them in arrival order, none twice
    const seqs: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await api(
        token,
        'GET',
        `/api/v1/forms/${form}/responses?limit=25${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seqs.push(...res.json().data.map((r: { seq: number }) => r.seq));
      cursor = res.json().meta.nextCursor;
    } while (cursor);
    expect(seqs).toHaveLength(40);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(40);
  });

  it('filters responses by version, status and time received, and hides deleted ones', async () => {
    const all = (await api(token, 'GET', `/api/v1/forms/${formId}/responses`)).json().data;
    expect(all.length).toBeGreaterThanOrEqual(2);
    const r = all[0];
    expect((await api(token, 'GET', `/api/v1/responses/${r.id}`)).json()).toEqual(r);
    expect(
      (await api(token, 'GET', `/api/v1/forms/${formId}/responses?version=2`)).json().data,
    ).toEqual([]);
    expect(
      (await api(token, 'GET', `/api/v1/forms/${formId}/responses?status=approved`)).json().data,
    ).toEqual([]);
    expect(
      (await api(token, 'GET', `/api/v1/forms/${formId}/responses?to=2000-01-01`)).json().data,
    ).toEqual([]);
    expect(
      (await api(token, 'GET', `/api/v1/forms/${formId}/responses?from=2000-01-01`)).json().data,
    ).toHaveLength(all.length);
    const bad = await api(token, 'GET', `/api/v1/forms/${formId}/responses?from=2026-02-31`);
    expect(bad.statusCode).toBe(422);
    await t.app.ctx.db
      .update(formResponses)
      .set({ deletedAt: new Date() })
      .where(eq(formResponses.id, r.id));
    expect((await api(token, 'GET', `/api/v1/responses/${r.id}`)).statusCode).toBe(404);
    expect((await api(token, 'GET', `/api/v1/forms/${formId}/responses`)).json().data).toHaveLength(
      all.length - 1,
    );
  });

  it('answers 404 for another team’s ids, and 403 without the ability', async () => {
    const other = await setup();
    const otherToken = await tokenFor(other);
    const [resp] = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.formId, formId))
      .limit(1);
    const [person] = await t.app.ctx.db
      .select()
      .from(stakeholders)
      .where(eq(stakeholders.teamId, s.team.id));
    for (const url of [
      `/api/v1/forms/${formId}`,
      `/api/v1/forms/${formId}/versions`,
      `/api/v1/forms/${formId}/responses`,
      `/api/v1/responses/${resp.id}`,
      `/api/v1/stakeholders/${person.id}`,
    ])
      expect((await api(otherToken, 'GET', url)).statusCode, url).toBe(404);
    const post = await api(otherToken, 'POST', `/api/v1/forms/${formId}/responses`, {
      id: randomUUID(),
      version: 1,
      answers: { name: 'Intruder' },
    });
    expect(post.statusCode).toBe(404);
    expect((await api(otherToken, 'GET', '/api/v1/forms')).json().data).toEqual([]);
    expect((await api(otherToken, 'GET', '/api/v1/stakeholders')).json().data).toEqual([]);
    const readOnly = await tokenFor(s, ['read']);
    const refused = await api(readOnly, 'POST', `/api/v1/forms/${formId}/responses`, {
      id: randomUUID(),
      version: 1,
      answers: { name: 'X' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/api/v1/forms/{form}/responses'].post.operationId).toBe(
      'api.forms.responses.store',
    );
    for (const p of [
      '/api/v1/forms',
      '/api/v1/forms/{form}',
      '/api/v1/forms/{form}/versions',
      '/api/v1/responses/{formResponse}',
      '/api/v1/stakeholders',
      '/api/v1/stakeholders/{stakeholder}',
    ])
      expect(doc.paths[p]?.get, p).toBeDefined();
    expect(doc.components.schemas).toHaveProperty('FormResponse');
  });
});
