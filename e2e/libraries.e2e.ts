import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/helpers/app.js';
import { createUser } from '../test/helpers/auth.js';
import { teamMembers, teams } from '../src/server/platform/auth/auth.tables.js';
import { projects } from '../src/server/modules/projects/projects.tables.js';
import { problems } from '../src/server/modules/problems/problems.tables.js';
import { SHIPPED_LIBRARY } from '../src/server/modules/libraries/index.js';
import { launchBrowser, shot, type Browser, cookiesFor } from './helpers/browser.js';

/** The library in a real browser: list, filters, an entry's whole tree, the copy modal, the copy. */
let t: TestApp;
let base: string;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let teamId: string;
const PROBLEM = SHIPPED_LIBRARY.find((e) => e.slug === 'girls-secondary-completion')!;

beforeAll(async () => {
  t = await createTestApp({ build: { assets: undefined } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await createUser(t.app, { name: 'Ana Lima-Fernandes' });
  const existing = await t.app.ctx.db
    .select()
    .from(teamMembers)
    .where(eq(teamMembers.userId, user.id));
  teamId = existing[0]?.organizationId ?? `team-${user.id}`;
  if (!existing.length) {
    await t.app.ctx.db
      .insert(teams)
      .values({ id: teamId, name: 'Clean Water Initiative', slug: teamId, ownerId: user.id });
    await t.app.ctx.db
      .insert(teamMembers)
      .values({ id: `m-${teamId}`, organizationId: teamId, userId: user.id, role: 'owner' });
  }
  await t.app.ctx.db.insert(projects).values([
    { teamId, name: 'Keeping girls in school 2026–2028' },
    { teamId, name: 'Savings for resilience' },
  ]);
  const { headers } = await t.app.ctx.auth.api.signInEmail({
    body: { email: user.email, password: user.password },
    returnHeaders: true,
  });
  browser = await launchBrowser();
  ctx = browser.context;
  page = browser.page;
  await ctx.addCookies(cookiesFor(headers, base));
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('libraries', () => {
  it('lists the library with the empty team library explained, and filters', async () => {
    await page.goto(`${base}/libraries`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.title()).toBe('Libraries - Pathways');
    await page.getByTestId('team-library-empty').waitFor();
    expect(await page.getByTestId('library-card').count()).toBe(SHIPPED_LIBRARY.length);
    await shot(page, 'libraries-index');
    await page.locator('label', { hasText: 'Strategies' }).click();
    await page.waitForURL(/kind=strategy/);
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('library-card').count()).toBe(
      SHIPPED_LIBRARY.filter((e) => e.kind === 'strategy').length,
    );
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${base}/libraries`, { waitUntil: 'networkidle' });
    await shot(page, 'libraries-index-mobile');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows an entry by level and copies it into a project through the modal', async () => {
    await page.goto(`${base}/libraries/${PROBLEM.slug}`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.title()).toBe(`${PROBLEM.title} - Libraries - Pathways`);
    expect(await page.getByTestId('library-element').count()).toBe(
      PROBLEM.template.elements.length,
    );
    await shot(page, 'libraries-show');
    await page.screenshot({ path: await shot(page, 'libraries-show-top'), fullPage: false });
    await page.getByTestId('copy-open').click();
    await page.getByTestId('copy-project').click();
    await page.getByRole('option', { name: 'Keeping girls in school 2026–2028' }).click();
    await shot(page, 'libraries-copy-modal');
    await page.getByTestId('copy-submit').click();
    await page.waitForURL((u) => !u.pathname.endsWith(PROBLEM.slug));
    const copies = await t.app.ctx.db.select().from(problems).where(eq(problems.teamId, teamId));
    expect(copies).toHaveLength(1);
    expect(copies[0]!.libraryItemId).toBe(PROBLEM.slug);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${base}/libraries/${PROBLEM.slug}`, { waitUntil: 'networkidle' });
    await shot(page, 'libraries-show-mobile');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('saves a problem of the team to the team library through the modal', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${base}/libraries`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Save a problem to the library' }).first().click();
    const dialog = page.getByRole('dialog');
    await page.getByTestId('save-problem').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('save-sector').click();
    await page.getByRole('option', { name: 'Gender equality' }).click();
    await dialog.getByLabel('Title').fill('Our girls’ education model');
    await shot(page, 'libraries-save-modal');
    await page.getByTestId('save-to-library-submit').click();
    await page.waitForURL(/\/libraries\/[0-9a-f-]{36}$/);
    await page.waitForLoadState('networkidle');
    await page.getByText('Your team’s library').first().waitFor();
    await page.goto(`${base}/libraries?sector=gender`, { waitUntil: 'networkidle' });
    expect(await page.getByText('Our girls’ education model').count()).toBe(1);
    await shot(page, 'libraries-index-team');
  });
});
