// @postgres-pass (also run on the PostgreSQL pass): notifications jobs and the live channel
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { watchAccessibility } from './helpers/a11y.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers/app.js';
import { createUser, signIn } from '../test/helpers/auth.js';
import { notify } from '../src/server/modules/notifications/index.js';
import { WAIT_GUARD_MS } from '../test/helpers/wait.js';

let t: TestApp;
let base: string;
let browser: BrowserContext;
let profile: string;

beforeAll(async () => {
  t = await createTestApp({ build: { assets: 'built' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  // a running server's jobs worker (server.ts starts it in embedded mode)
  t.app.ctx.jobs.startWorker({ pollMs: 50 });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  profile = mkdtempSync(path.join(tmpdir(), 'pathways-e2e-'));
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  await watchAccessibility(browser);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

it('the browser connects with Echo + pusher-js, the bell counts a live notification, shows a toast, and marks all read', async () => {
  const user = await createUser(t.app, { name: 'Live Tester' });
  const client = await signIn(t.app, user);
  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = browser.pages()[0] ?? (await browser.newPage());
  const connected = page.waitForEvent('console', {
    predicate: (m) => m.text() === 'Live channel connected',
  });
  await page.goto(`${base}/dashboard`);
  await connected;

  const bell = page.getByTestId('notification-bell');
  await expect(bell.getAttribute('aria-label')).resolves.toBe('Notifications');
  // the bell subscribes to private-user.{id} through /broadcasting/auth; wait until the server has that subscriber
  const channel = `private-user.${user.id}`;
  const realtime = t.app.ctx
    .realtime as import('../src/server/platform/realtime/index.js').EmbeddedRealtime;
  await expect
    .poll(() => realtime.hub.subscriberCount(channel), { timeout: WAIT_GUARD_MS })
    .toBe(1);

  // queued as a notifications.deliver job: the app's worker stores and pushes it
  await notify(t.app.ctx, {
    userIds: [user.id],
    type: 'test.live',
    title: 'Import finished',
    body: 'baseline.csv: 12 rows',
  });
  await page.getByText('baseline.csv: 12 rows').first().waitFor();
  await expect
    .poll(() => bell.getAttribute('aria-label'), { timeout: WAIT_GUARD_MS })
    .toBe('Notifications, 1 unread');

  await bell.click();
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect
    .poll(() => bell.getAttribute('aria-label'), { timeout: WAIT_GUARD_MS })
    .toBe('Notifications');
  await page.getByText('View all').click();
  await page.waitForURL(`${base}/notifications`);
  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
  await expect(page.getByText('1 in total, 0 unread.').isVisible()).resolves.toBe(true);
});
