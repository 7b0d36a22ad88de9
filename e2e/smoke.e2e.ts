/**
 * Smoke: the built app starts, the welcome page renders with its title, Inertia navigations send
 * X-Requested-With, and the progress bar uses the colour and delay configured in app.tsx.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, shot, type Browser } from './helpers/browser.js';
import { startServer, type RunningServer } from './helpers/server.js';

const APP_TSX = readFileSync(path.resolve(import.meta.dirname, '../src/client/app.tsx'), 'utf8');
const progress = APP_TSX.match(
  /progress:\s*\{\s*color:\s*'(#[0-9a-fA-F]{6})',\s*delay:\s*(\d+)\s*\}/,
);
if (!progress)
  throw new Error("src/client/app.tsx: no `progress: { color: '#rrggbb', delay: N }` found");
const COLOR = progress[1];
const DELAY = Number(progress[2]);
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('smoke', () => {
  it('renders the welcome page with its title', async () => {
    const { page } = browser;
    const res = await page.goto(`${server.baseUrl}/`);
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.title()).toBe('Welcome - Pathways');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shot(page, 'smoke-welcome');
  });

  it('sends X-Requested-With on an Inertia navigation and shows the progress bar in the configured colour after the configured delay', async () => {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const seen: Array<Record<string, string>> = [];
    page.on('request', (r) => {
      if (r.headers()['x-inertia']) seen.push(r.headers());
    });
    // hold the page response until the bar has appeared (a condition, not a sleep)
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/', async (route) => {
      if (!route.request().headers()['x-inertia']) return route.continue();
      await held;
      await route.continue();
    });
    const bar = page.locator('#nprogress .bar');
    const appeared = bar.waitFor({ state: 'attached' }).then(() => Date.now());
    const answered = page.waitForResponse((r) => !!r.request().headers()['x-inertia']);
    // the browser starts its delay after the click, so a loaded machine only makes this gap longer
    const startedAt = Date.now();
    await page.getByRole('link', { name: 'Pathways' }).first().click();
    const shownAt = await appeared;
    release();
    expect(shownAt - startedAt, `the bar must wait ${DELAY} ms`).toBeGreaterThanOrEqual(DELAY - 20);
    expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(COLOR));
    expect((await answered).status()).toBe(200);
    await page.unroute('**/');
    await bar.waitFor({ state: 'detached' });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]['x-requested-with']).toBe('XMLHttpRequest');
    expect(seen[0]['x-inertia-version']).toBeTruthy();
    await expect.poll(() => page.title()).toBe('Welcome - Pathways');
  });
});
