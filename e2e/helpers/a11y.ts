import axe from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { recordContext } from './flight-recorder.js';

/**
 * axe-core on every page state an end-to-end journey reaches. `watchAccessibility(context)` (called by
 * launchBrowser, so every journey has it) injects axe into every document and scans, once the DOM has
 * settled, after each page load, each Inertia navigation (the URL changed) and each dialog, menu or
 * listbox that opens. Critical and serious violations, and a page without an <h1>, found again by a
 * second scan 300 ms later (a state that lasts, not a frame of a transition), are collected in
 * Node and fail the journey: `assertAccessible()` throws them, listed by page and rule.
 */

export interface A11yViolation {
  url: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

interface Report {
  url: string;
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: string[]; html?: string }[];
  }[];
}

// the script every document runs (before its own scripts)
const SCANNER = `
(() => {
  if (window.top !== window || window.__pathwaysAxe) return;
  window.__pathwaysAxe = true;
  const OVERLAYS = '[role=dialog],[role=alertdialog],[role=menu],[role=listbox],[role=tooltip],.mantine-Notification-root';
  let lastUrl = '', pending = false, running = false, quietTimer = 0, deadline = 0;
  // axe reads the DOM over many tasks: a scan during which the DOM changed saw no single state (e.g.
  // a menu's items already gone but its box still there), so it is thrown away and the page scanned
  // again once settled; after 5 such scans in a row the result is kept (a page that never settles)
  let changedDuringScan = false, discarded = 0;
  const wanted = () => { pending = true; deadline = Date.now() + 4000; settle(); };
  // scan once nothing has changed for 300 ms (transitions done), or after 4 s of constant change
  const settle = () => { clearTimeout(quietTimer); quietTimer = setTimeout(scan, Date.now() > deadline ? 0 : 300); };
  async function scan() {
    if (!pending || running) return;
    if (document.readyState !== 'complete' || !document.querySelector('#app > :not(.pw-loading), #form-root > :not(.pw-loading)') || document.querySelector('.pw-loading')) { quietTimer = setTimeout(scan, 200); return; }
    // a dialog or menu fading in or out is no state a person reads: wait for finite transitions to end
    if (Date.now() < deadline + 4000 && document.getAnimations().some((a) => a.playState === 'running' && a.effect && a.effect.getTiming().iterations !== Infinity)) { quietTimer = setTimeout(scan, 100); return; }
    pending = false; running = true;
    try {
      changedDuringScan = false;
      const r = await window.axe.run(document, { resultTypes: ['violations'] });
      if (changedDuringScan && discarded < 5) { discarded++; pending = true; return; }
      discarded = 0;
      const wantedOnly = (list) => list.filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.id === 'page-has-heading-one');
      let keep = wantedOnly(r.violations);
      // a state a person reads lasts: a violation counts when a second scan 300 ms later, on the same
      // page, finds it on the same element (a menu caught between its box and its items does not)
      if (keep.length) {
        const at = location.href;
        await new Promise((res) => setTimeout(res, 300));
        const again = location.href === at ? wantedOnly((await window.axe.run(document, { resultTypes: ['violations'] })).violations) : [];
        const seen = new Set(again.flatMap((v) => v.nodes.map((n) => v.id + '|' + n.target.join(' '))));
        keep = keep.map((v) => ({ ...v, nodes: v.nodes.filter((n) => seen.has(v.id + '|' + n.target.join(' '))) })).filter((v) => v.nodes.length);
      }
      await window.__pathwaysA11y({ url: location.pathname + location.search, violations: keep.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.map(String), html: n.html.slice(0, 160) })) })) });
    } catch (e) {
      /* the document went away mid-scan: the next one scans */
    } finally {
      running = false;
      if (pending) settle();
    }
  }
  const observer = new MutationObserver((records) => {
    if (running) changedDuringScan = true;
    if (location.href !== lastUrl) { lastUrl = location.href; wanted(); return; }
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType === 1 && (n.matches(OVERLAYS) || n.querySelector(OVERLAYS))) { wanted(); return; }
    }
    if (pending) settle();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  window.addEventListener('load', wanted);
  // resolves once no scan is due or running (close() waits for it, so the last page state is checked)
  window.__pathwaysAxeIdle = () => new Promise((resolve) => {
    const poll = () => (pending || running ? setTimeout(poll, 50) : resolve(true));
    poll();
  });
  // scan the page as it is now, through the same queue (axe runs one scan at a time)
  window.__pathwaysAxeScanNow = () => { pending = true; deadline = 0; settle(); return window.__pathwaysAxeIdle(); };
})();
`;

const watched = new Map<BrowserContext, A11yViolation[]>();
// found in a browser closed before its test's afterEach could report them (closed in afterAll)
const unreported: A11yViolation[] = [];

/** Start scanning every page of a browser context (idempotent). */
export async function watchAccessibility(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return;
  // every journey's browser comes through here: record what it does, for a failure's report
  recordContext(context);
  const found: A11yViolation[] = [];
  watched.set(context, found);
  await context.exposeBinding('__pathwaysA11y', (_src, report: Report) => {
    for (const v of report.violations) {
      const targets = v.nodes.map((n) => `${n.target.join(' ')}  ${n.html ?? ''}`);
      const key = `${report.url}|${v.id}|${targets.join(',')}`;
      if (found.some((f) => `${f.url}|${f.rule}|${f.targets.join(',')}` === key)) continue;
      found.push({
        url: report.url,
        rule: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        targets,
      });
    }
  });
  await context.addInitScript({ content: `${axe.source}\n${SCANNER}` });
  context.on('close', () => {
    unreported.push(...found);
    watched.delete(context);
  });
}

/** Everything found so far in a context's pages. */
export function accessibilityViolations(context: BrowserContext): A11yViolation[] {
  return [...(watched.get(context) ?? [])];
}

/** Scan the page as it is now (e.g. after opening something the watcher cannot see) and wait for the result. */
export async function checkAccessibility(page: Page): Promise<void> {
  if (!watched.has(page.context()))
    throw new Error('checkAccessibility: call watchAccessibility(context) first');
  await page.evaluate(() =>
    (window as unknown as { __pathwaysAxeScanNow: () => Promise<boolean> }).__pathwaysAxeScanNow(),
  );
}

export function formatViolations(list: A11yViolation[]): string {
  return list
    .map(
      (v) => `  ${v.url}: [${v.impact}] ${v.rule} - ${v.help}\n      ${v.targets.join('\n      ')}`,
    )
    .join('\n');
}

/** Wait until every open page of the context has scanned its current state. */
export async function settleAccessibility(context: BrowserContext): Promise<void> {
  for (const page of context.pages()) {
    await page
      .evaluate(() =>
        (window as unknown as { __pathwaysAxeIdle?: () => Promise<boolean> }).__pathwaysAxeIdle?.(),
      )
      .catch(() => undefined);
  }
}

/** Everything found since the last call in every watched browser (each scan finished first), and forget it. */
export async function takeViolations(): Promise<A11yViolation[]> {
  const out = unreported.splice(0);
  for (const [context, found] of watched) {
    await settleAccessibility(context);
    out.push(...found.splice(0));
  }
  return out;
}

/** Throw when a scanned page state had a critical or serious violation or no <h1>. */
export function throwViolations(list: A11yViolation[]): void {
  if (list.length)
    throw new Error(
      `Accessibility (axe-core): ${list.length} violation(s)\n${formatViolations(list)}`,
    );
}
