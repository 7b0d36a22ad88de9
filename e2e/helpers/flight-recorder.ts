import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { SCREENSHOTS } from './paths.js';

/**
 * What a journey's browser did, kept so that a failed journey can say it: a wait that timed out
 * ("waiting for getByText(...)") tells what was missing, not why. For every page of a watched
 * context this keeps the last events: main-frame navigations, every non-GET request and its answer,
 * answers of 400 and more, failed requests, console errors and warnings, uncaught page errors, and
 * websockets opened and closed, each with its time since the test started. On a failure
 * (failure-setup.ts) the events, each page's URL, its alerts and notifications and a screenshot go
 * to .test-data/journey-failures/, which `npm test` prints at its end (test/run-all.ts), so CI's
 * log shows them beside the failure.
 */
export const FAILURES_DIR = path.resolve(import.meta.dirname, '../../.test-data/journey-failures');

const KEEP = 60;
const events: string[] = [];
const contexts = new Set<BrowserContext>();
let started = Date.now();

function note(line: string) {
  const s = ((Date.now() - started) / 1000).toFixed(2).padStart(7);
  events.push(`${s}s ${line}`);
  if (events.length > KEEP) events.splice(0, events.length - KEEP);
}

const short = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`.slice(0, 160);
  } catch {
    return url.slice(0, 160);
  }
};

function watchPage(page: Page, n: number) {
  const tag = `[page ${n}]`;
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) note(`${tag} at ${short(f.url())}`);
  });
  page.on('request', (r) => {
    if (r.method() !== 'GET') note(`${tag} ${r.method()} ${short(r.url())}`);
  });
  page.on('response', (r) => {
    const method = r.request().method();
    if (method !== 'GET' || r.status() >= 400)
      note(`${tag} ${r.status()} for ${method} ${short(r.url())}`);
  });
  page.on('requestfailed', (r) =>
    note(`${tag} failed ${r.method()} ${short(r.url())}: ${r.failure()?.errorText ?? '?'}`),
  );
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning')
      note(`${tag} console.${m.type()}: ${m.text().slice(0, 300)}`);
  });
  page.on('pageerror', (e) => note(`${tag} uncaught: ${String(e.stack ?? e).slice(0, 400)}`));
  page.on('websocket', (ws) => {
    note(`${tag} websocket open ${short(ws.url())}`);
    ws.on('close', () => note(`${tag} websocket closed ${short(ws.url())}`));
  });
}

/** Record a context's pages, the ones open now and the ones it opens later (idempotent). */
export function recordContext(context: BrowserContext): void {
  if (contexts.has(context)) return;
  contexts.add(context);
  let pages = 0;
  for (const page of context.pages()) watchPage(page, ++pages);
  context.on('page', (page) => watchPage(page, ++pages));
  context.on('close', () => {
    note('browser closed');
    contexts.delete(context);
  });
}

/** A new test: times count from now; what earlier tests recorded is forgotten. */
export function startRecording(): void {
  started = Date.now();
  events.length = 0;
}

const slug = (s: string) => s.replace(/[^\w.-]+/g, '-').slice(0, 80);

/** Write what the open browsers show and what they did into FAILURES_DIR/<file>--<test>.txt. */
export async function reportFailure(file: string, test: string, error: string): Promise<void> {
  const name = `${slug(path.basename(file, '.e2e.ts'))}--${slug(test)}`;
  const lines = [`${path.basename(file)} > ${test}`, ...error.split('\n').slice(0, 4)];
  let n = 0;
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const context of contexts) {
    for (const page of context.pages()) {
      n += 1;
      lines.push(`[page ${n}] now at ${short(page.url())}`);
      const shown = await page
        .locator('[role="alert"], [role="status"], .mantine-Notification-root')
        .allInnerTexts()
        .catch(() => []);
      for (const text of shown.filter((t) => t.trim()))
        lines.push(`[page ${n}] shows: ${text.replace(/\s+/g, ' ').trim().slice(0, 200)}`);
      const png = path.join(SCREENSHOTS, `failure-${name}-${n}.png`);
      const saved = await page
        .screenshot({ path: png, timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      if (saved) lines.push(`[page ${n}] screenshot ${path.relative(process.cwd(), png)}`);
    }
  }
  lines.push(`last ${events.length} events (seconds since the test started):`, ...events);
  mkdirSync(FAILURES_DIR, { recursive: true });
  writeFileSync(path.join(FAILURES_DIR, `${name}.txt`), `${lines.join('\n')}\n`);
}
