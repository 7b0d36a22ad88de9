import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { WAIT_GUARD_MS } from '../../test/helpers/wait.js';
import { settleAccessibility, watchAccessibility } from './a11y.js';
import { SCREENSHOTS } from './paths.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** waits for the last accessibility scan, then closes the browser */
  close(): Promise<void>;
}

/**
 * The system Chromium with a fresh profile in a temp dir (never `npx playwright install`). Every page
 * state it shows is checked by axe-core (helpers/a11y.ts); e2e/helpers/a11y-setup.ts fails the test
 * that showed a violation (or the file, for pages shown in beforeAll/afterAll).
 * The only way journeys open a browser (test/a11y/e2e-guard.test.ts holds them to it).
 */
export async function launchBrowser(
  opts: { viewport?: { width: number; height: number } } = {},
): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'pathways-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: opts.viewport ?? { width: 1280, height: 800 },
  });
  // waits are on conditions (an element appears, a URL is reached); this only tells a hang from a slow machine
  context.setDefaultTimeout(WAIT_GUARD_MS);
  context.setDefaultNavigationTimeout(WAIT_GUARD_MS);
  await watchAccessibility(context);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await settleAccessibility(context);
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Wait until the page's canvases (the chart, the diagram export) draw the same picture on two
 * animation frames in a row: an animation or a resize has finished. A condition, not a pause.
 */
export async function canvasesSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __pwCanvases?: string };
      const now = [...document.querySelectorAll('canvas')].map((c) => c.toDataURL()).join('|');
      const same = w.__pwCanvases === now;
      w.__pwCanvases = now;
      return same;
    },
    undefined,
    { polling: 'raf' },
  );
}

/** Save a full-page PNG as screenshots/<name>.png (git-ignored) and return its path. */
export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The session cookies of a server-side sign-in (`auth.api.signInEmail({ returnHeaders: true })`), for `context.addCookies`. */
export function cookiesFor(headers: Headers, base: string) {
  const domain = new URL(base).hostname;
  return headers.getSetCookie().map((c) => {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    return {
      name: pair.slice(0, i),
      value: pair.slice(i + 1),
      domain,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax' as const,
    };
  });
}

/**
 * Click a link and wait for the page it opens (`arrived`). A click that lands while the page
 * settles was lost twice in CI (no visit followed it; cause not found): if `arrived` has not come
 * 10 s after a click and the page is still where it was, the link is clicked again (up to three
 * times); then `arrived` is waited for as any condition. The 10 s only spaces the clicks: a slow
 * visit that comes after a second click passes the same way.
 */
export async function clickToVisit(page: Page, link: Locator, arrived: Locator) {
  const from = page.url();
  for (let i = 0; i < 3 && page.url() === from && !(await arrived.count()); i++) {
    await link.click();
    await arrived.waitFor({ timeout: 10_000 }).catch(() => undefined);
  }
  await arrived.waitFor();
}

/** A locator's box once it has stopped moving (the diagram animates its fit). */
export async function stableBox(l: Locator) {
  let prev = await l.boundingBox();
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const next = await l.boundingBox();
    if (prev && next && prev.x === next.x && prev.y === next.y) return next;
    prev = next;
  }
  if (!prev) throw new Error('element has no box');
  return prev;
}

/** Drag from one diagram node's source handle to another's target handle (xyflow's "drag to link"). */
export async function dragLink(page: Page, from: Locator, to: Locator) {
  await page.waitForLoadState('networkidle');
  const a = await stableBox(from.locator('.react-flow__handle.source'));
  const b = await stableBox(to.locator('.react-flow__handle.target'));
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2 + 20, { steps: 8 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}
