import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { TestClient } from '../../../../test/helpers/client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Inertia protocol', () => {
  it('renders the HTML shell with the page object and the route table on a first visit', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const m = /<script data-page="app" type="application\/json">(.*?)<\/script>/s.exec(res.body);
    expect(m).not.toBeNull();
    const page = JSON.parse(m![1]);
    expect(page).toMatchObject({ component: 'welcome', url: '/', version: 'test' });
    expect(res.body).toContain('"welcome":{"uri":"/"');
  });

  it('answers X-Inertia requests with JSON and Vary: X-Inertia', async () => {
    const c = new TestClient(t.app);
    const res = await c.get('/terms-of-service');
    expect(res.headers['x-inertia']).toBe('true');
    expect(String(res.headers.vary)).toContain('X-Inertia');
    expect(res.json()).toMatchObject({ component: 'legal/terms', props: { errors: {} } });
  });

  it('sends 409 with X-Inertia-Location when the asset version is stale', async () => {
    const c = new TestClient(t.app, { version: 'old' });
    const res = await c.get('/privacy-policy');
    expect(res.statusCode).toBe(409);
    expect(res.headers['x-inertia-location']).toBe('/privacy-policy');
  });

  it('renders a 404 page for unknown URLs and problem JSON under /api', async () => {
    const c = new TestClient(t.app);
    const page = await c.get('/no/such/page');
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ component: 'errors/show', props: { status: 404 } });
    const api = await t.app.inject({ url: '/api/v1/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/problem+json');
  });

  it('escapes </script> and line separators inside the page JSON', async () => {
    const { escapeJsonForHtml } = await import('./plugin.js');
    const out = escapeJsonForHtml(JSON.stringify({ a: '</script><b>&\u2028' }));
    expect(out).not.toContain('</script>');
    expect(out).not.toContain('\u2028');
    expect(JSON.parse(out)).toEqual({ a: '</script><b>&\u2028' });
  });
});
