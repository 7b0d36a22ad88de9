import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLIENT_DIR } from '../bench/bundle-size.js';
import { PRECOMPRESS_MIN_BYTES } from '../src/build/precompress.js';
import { createTestApp, type TestApp } from '../test/helpers/app.js';

// e2e/global-setup.ts has just built dist/client: every asset the browser loads is precompressed, sent
// compressed to a client that accepts it, cached for a year when hashed, and the HTML is revalidated.

const ASSETS = path.join(CLIENT_DIR, 'assets');
const built = readdirSync(ASSETS).filter((f) => /\.(js|css)$/.test(f));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: { assets: undefined } });
});
afterAll(async () => t?.close());

it('every built JS and CSS file over 1 KB has a brotli and a gzip copy with the same content', () => {
  const big = built.filter((f) => statSync(path.join(ASSETS, f)).size > PRECOMPRESS_MIN_BYTES);
  expect(big.length).toBeGreaterThan(10);
  const missing = big.filter(
    (f) => !readdirSync(ASSETS).includes(`${f}.br`) || !readdirSync(ASSETS).includes(`${f}.gz`),
  );
  expect(missing).toEqual([]);
  for (const f of big) {
    const body = readFileSync(path.join(ASSETS, f));
    expect(
      brotliDecompressSync(readFileSync(path.join(ASSETS, `${f}.br`))).equals(body),
      `${f}.br`,
    ).toBe(true);
    expect(gunzipSync(readFileSync(path.join(ASSETS, `${f}.gz`))).equals(body), `${f}.gz`).toBe(
      true,
    );
  }
});

it('serves the largest script as brotli or gzip by Accept-Encoding, immutable for a year', async () => {
  const largest = built
    .filter((f) => f.endsWith('.js'))
    .sort((a, b) => statSync(path.join(ASSETS, b)).size - statSync(path.join(ASSETS, a)).size)[0];
  const full = statSync(path.join(ASSETS, largest)).size;
  for (const [accept, encoding] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const res = await t.app.inject({
      url: `/assets/${largest}`,
      headers: { 'accept-encoding': accept },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(full / 2);
  }
  const plain = await t.app.inject({
    url: `/assets/${largest}`,
    headers: { 'accept-encoding': 'identity' },
  });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.rawPayload.length).toBe(full);
});

it('the HTML shell is revalidated on every load and shows a loading indicator before any script runs', async () => {
  const res = await t.app.inject({ url: '/login', headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toMatch(/no-cache/);
  expect(res.body).toMatch(
    /<div id="app"><style>[^<]*<\/style><div class="pw-loading" role="status">/,
  );
});
