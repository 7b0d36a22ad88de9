import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { PUBLIC_DIR } from './root-files.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('static files at the root', () => {
  it('serves the favicon as SVG', async () => {
    const res = await t.app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
    expect(res.body).toBe(readFileSync(path.join(PUBLIC_DIR, 'favicon.svg'), 'utf8'));
  });

  it('serves robots.txt and sends /favicon.ico to the SVG', async () => {
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('User-agent: *');
    const ico = await t.app.inject({ url: '/favicon.ico' });
    expect(ico.statusCode).toBe(301);
    expect(ico.headers.location).toBe('/favicon.svg');
  });

  it('keeps the static files out of the client route table and other root files unknown', async () => {
    expect(Object.values(t.app.ctx.routes.clientTable()).map((r) => r.uri)).not.toContain(
      '/favicon.svg',
    );
    const res = await t.app.inject({ url: '/package.json' });
    expect(res.statusCode).toBe(404);
  });
});
