import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { TestClient } from '../../../../test/helpers/client.js';
import { formLinks, formResponses } from './forms.tables.js';
import { formsTestKit } from './test-support.js';

/** The public form's own document (not an Inertia page), its service worker, and its CSRF-protected submit. */
let t: TestApp;
const ENTRY_TAGS = '<script type="module" src="/assets/main-abc123.js"></script>';
beforeAll(async () => {
  t = await createTestApp({
    build: {
      assets: {
        version: 'test',
        dev: false,
        headTags: '',
        publicForm: {
          headTags: ENTRY_TAGS,
          files: ['/assets/main-abc123.css', '/assets/react-x.js', '/assets/main-abc123.js'],
        },
      },
    },
  });
});
afterAll(() => t.close());

const { setup, newForm, add, publish, openToken, publicPage } = formsTestKit(() => t);
const HOSTILE = 'Water </script><script>alert(1)</script> & \u2028 <!-- “quotes”';

describe('the public form document', () => {
  let token: string;
  let formId: string;
  let s: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    s = await setup();
    formId = await newForm(s, { name: 'Survey <b>one</b>' });
    await add(s, formId, { key: 'source', type: 'short_text', label: HOSTILE, required: true });
    await publish(s, formId);
    token = await openToken(formId);
  });

  it('embeds the form as JSON escaped for HTML: a label with </script> stays data', async () => {
    const { res, props } = await publicPage(`/f/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(res.body).not.toContain('<b>one</b>');
    expect(res.body).toContain('<title>Survey &#60;b&#62;one&#60;/b&#62;</title>');
    // exactly one element closes the data script: the JSON's own `<` never does
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    expect(props!.questions[0].label).toBe(HOSTILE);
    expect(props!.submitUrl).toBe(`/f/${token}`);
    expect(props!.workerUrl).toBe('/f/sw.js');
    // the entry's tags from the Vite manifest, and no Inertia page object
    expect(res.body).toContain(ENTRY_TAGS);
    expect(res.body).not.toContain('data-page="app"');
  });

  it('keeps the CSP (no inline script allowed) and is not indexed', async () => {
    const { res } = await publicPage(`/f/${token}`);
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1];
    expect(scriptSrc.trim()).toBe("'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('carries the CSRF token the submit must echo in a header; without it the submit answers 419', async () => {
    // a fresh browser: no cookie yet; the document sets it and names the same token
    const c = new TestClient(t.app, { inertia: false });
    const { res } = await publicPage(`/f/${token}`, c);
    const meta = /<meta name="csrf-token" content="([^"]+)">/.exec(res.body)![1];
    expect(decodeURIComponent(c.cookies.get('XSRF-TOKEN')!)).toBe(meta);
    const body = { id: randomUUID(), version: 1, answers: { source: 'well' } };
    // as the page's outbox sends it: the cookie, and the token in X-CSRF-TOKEN (nothing else)
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/f/${token}`,
        payload: body,
        headers: { cookie: c.cookieHeader(), accept: 'application/json', ...headers },
      });
    expect((await post({})).statusCode).toBe(419);
    expect((await post({ 'x-csrf-token': 'forged.token' })).statusCode).toBe(419);
    const sent = await post({ 'x-csrf-token': meta });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await post({ 'x-csrf-token': meta })).json().status).toBe('duplicate');
    const rows = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.clientId, body.id));
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for a token that is not a link (another form’s id, an unknown token) and for a withdrawn link', async () => {
    expect((await publicPage(`/f/${formId}`)).res.statusCode).toBe(404);
    expect((await publicPage(`/f/${'B'.repeat(43)}`)).res.statusCode).toBe(404);
    const other = await newForm(s, { name: 'Another form' });
    await add(s, other, { key: 'q', type: 'short_text', label: 'Q' });
    await publish(s, other);
    const otherToken = await openToken(other);
    // each token opens its own form only
    expect((await publicPage(`/f/${otherToken}`)).props!.form.name).toBe('Another form');
    const [link] = await t.app.ctx.db
      .select()
      .from(formLinks)
      .where(eq(formLinks.token, otherToken));
    expect((await s.client.delete(`/form-links/${link.id}`)).statusCode).toBe(303);
    const withdrawn = await publicPage(`/f/${otherToken}`);
    expect(withdrawn.res.statusCode).toBe(404);
    expect(withdrawn.props).toBeNull();
  });
});

describe('the form page’s service worker', () => {
  it('is served at /f/sw.js (scope /f/) and precaches the entry’s files of this build', async () => {
    const res = await new TestClient(t.app, { inertia: false }).get('/f/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(
      'const FILES = ["/assets/main-abc123.css","/assets/react-x.js","/assets/main-abc123.js"];',
    );
    expect(res.body).toContain('"pathways-form-assets-test"');
    // it never answers for POSTs (the submissions)
    expect(res.body).toContain("if (request.method !== 'GET') return;");
  });
});

describe('page breaks', () => {
  it('are a display-only question type: never required, snapshotted by the version, take no answer, have no skip logic', async () => {
    const s = await setup();
    const formId = await newForm(s, { name: 'Two pages' });
    await add(s, formId, { key: 'name', type: 'short_text', label: 'Name', required: true });
    await add(s, formId, { key: 'second', type: 'page', label: 'About the farm', required: true });
    await add(s, formId, { key: 'acres', type: 'integer', label: 'Acres' });
    const refused = await s.client.post(`/forms/${formId}/questions`, {
      key: 'third',
      type: 'page',
      label: 'More',
      relevant: "${name} = 'x'",
    });
    expect(refused.statusCode).toBe(303);
    expect((await s.client.page(`/forms/${formId}/fields`)).props.errors).toMatchObject({
      relevant: 'A page break has no skip logic: set it on the questions of its page.',
    });
    await publish(s, formId);
    const token = await openToken(formId);
    const { props } = await publicPage(`/f/${token}`);
    expect(props!.questions.map((q) => [q.key, q.type, q.required])).toEqual([
      ['name', 'short_text', true],
      ['second', 'page', false],
      ['acres', 'integer', false],
    ]);
    const c = new TestClient(t.app, { inertia: false });
    const withBreak = await c.request(
      'POST',
      `/f/${token}`,
      { id: randomUUID(), version: 1, answers: { name: 'Ana', second: 'x' } },
      { accept: 'application/json' },
    );
    expect(withBreak.statusCode).toBe(422);
    expect(withBreak.json().errors.second).toBe('This is a page break; it takes no answer.');
    const ok = await c.request(
      'POST',
      `/f/${token}`,
      { id: randomUUID(), version: 1, answers: { name: 'Ana', acres: 3 } },
      { accept: 'application/json' },
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
