import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { watchAccessibility } from './helpers/a11y.js';
import { createTestApp, type TestApp } from '../test/helpers/app.js';
import { createUser } from '../test/helpers/auth.js';
import { auditLogs } from '../src/server/platform/audit/audit.tables.js';
import { cookiesFor } from './helpers/browser.js';
import { teamMembers, teams } from '../src/server/platform/auth/auth.tables.js';

/** The app shell in a real browser: dashboard, phone layout, 404 page, favicon, titles. */
let t: TestApp;
let base: string;
let ctx: BrowserContext;
let page: Page;
let profileDir: string;

beforeAll(async () => {
  t = await createTestApp({ build: { assets: undefined } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await createUser(t.app, { name: 'Ana Lima-Fernandes' });
  // the teams module makes a personal team at registration; on its own this branch makes one here
  const existing = await t.app.ctx.db.select().from(teamMembers);
  let teamId = existing.find((m) => m.userId === user.id)?.organizationId;
  if (!teamId) {
    teamId = `team-${user.id}`;
    await t.app.ctx.db
      .insert(teams)
      .values({ id: teamId, name: 'Clean Water Initiative', slug: teamId, ownerId: user.id });
    await t.app.ctx.db
      .insert(teamMembers)
      .values({ id: `m-${teamId}`, organizationId: teamId, userId: user.id, role: 'owner' });
  }
  await t.app.ctx.db.insert(auditLogs).values({
    teamId,
    userId: user.id,
    actorName: 'Ana Lima-Fernandes',
    action: 'token.created',
    subjectLabel: 'Importer',
    createdAt: new Date(Date.now() - 5 * 60_000),
  });
  const { headers } = await t.app.ctx.auth.api.signInEmail({
    body: { email: user.email, password: user.password },
    returnHeaders: true,
  });
  profileDir = mkdtempSync(path.join(tmpdir(), 'pw-shell-'));
  ctx = await chromium.launchPersistentContext(profileDir, {
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
  await watchAccessibility(ctx);
  await ctx.addCookies(cookiesFor(headers, base));
  page = ctx.pages()[0] ?? (await ctx.newPage());
});

afterAll(async () => {
  await ctx?.close();
  rmSync(profileDir, { recursive: true, force: true });
  await t?.close();
});

describe('app shell', () => {
  it('renders the dashboard with its title, activity and getting-started steps', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${base}/dashboard`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.title()).toBe('Dashboard - Pathways');
    // the logs page's sentence, not an action label (issue 8 item 22)
    await page.getByText('Ana Lima-Fernandes created the API token “Importer”').waitFor();
    expect(await page.getByText('5 minutes ago').count()).toBe(1);
    expect(await page.getByText('Turn on two-factor authentication').count()).toBe(1);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('fits a 375 px phone: no sideways scrolling, the burger opens and closes the navigation', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${base}/dashboard`, { waitUntil: 'networkidle' });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const link = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' });
    expect(await link.isVisible()).toBe(false);
    await page.getByLabel('Open navigation').click();
    await link.waitFor({ state: 'visible' });
    await link.click();
    await page.waitForLoadState('networkidle');
    await link.waitFor({ state: 'hidden' });
  });

  it('shows the 404 page for unknown URLs and serves the favicon', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const res = await page.goto(`${base}/no/such/page`, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.title()).toBe('Page not found - Pathways');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(
      await page.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href'),
    ).toBe('/dashboard');
    const icon = await page.request.get(`${base}/favicon.svg`);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
  });
});
