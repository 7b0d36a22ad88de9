/**
 * The axe watcher itself (helpers/a11y.ts), on two static pages served by the browser's router:
 * a violation that lasts is reported; one the first scan sees and the confirming scan no longer
 * does (a frame of a transition) is not. No clock: the page shows its flaw only while axe's first
 * run is under way, through a style rule (no DOM mutation, so the scan is not thrown away).
 */
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, settleAccessibility, takeViolations } from './helpers/a11y.js';
import { launchBrowser } from './helpers/browser.js';

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Watcher</title><style>#flaw{display:none}</style></head>` +
  `<body><main id="app"><h1>Watcher</h1><button id="flaw" type="button"></button>${body}</main></body></html>`;

// shows the flaw during the first axe run only, then hides it again
const FLASH = `<script>
  const run = window.axe.run.bind(window.axe);
  let calls = 0;
  window.axe.run = async (...args) => {
    calls++;
    const sheet = document.styleSheets[0];
    if (calls === 1) sheet.insertRule('#flaw{display:block}', sheet.cssRules.length);
    try { return await run(...args); } finally { if (calls === 1) sheet.deleteRule(sheet.cssRules.length - 1); }
  };
</script>`;
const LASTING = `<script>document.styleSheets[0].insertRule('#flaw{display:block}', 1);</script>`;

describe('the axe watcher', () => {
  it('reports a violation that lasts, and not one seen by the first scan only', async () => {
    const b = await launchBrowser();
    try {
      await b.page.route('http://watcher.test/**', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: page(route.request().url().endsWith('/lasting') ? LASTING : FLASH),
        }),
      );
      await b.page.goto('http://watcher.test/flash');
      await settleAccessibility(b.context);
      expect(accessibilityViolations(b.context)).toEqual([]);
      expect(await b.page.evaluate(() => (window as unknown as { axe: object }).axe)).toBeTruthy();

      await b.page.goto('http://watcher.test/lasting');
      await settleAccessibility(b.context);
      expect(accessibilityViolations(b.context).map((v) => `${v.url} ${v.rule}`)).toEqual([
        '/lasting button-name',
      ]);
      // the lasting flaw was put there on purpose: not this test's failure
      await takeViolations();
    } finally {
      await b.close();
    }
  });
});
