import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers/app.js';
import { createUser } from '../test/helpers/auth.js';
import { addMember, createTeamFor } from '../test/helpers/team-membership.js';
import { cookiesFor, launchBrowser, shot, type Browser } from './helpers/browser.js';

/** An editor's sidebar in a real browser: no link it cannot open, and error pages keep the app around them. */
let t: TestApp;
let base: string;
let browser: Browser;

beforeAll(async () => {
  t = await createTestApp({ build: { assets: undefined } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await createUser(t.app, { name: 'Ana Lima-Fernandes' });
  const team = await createTeamFor(t.app, owner.id, 'Clean Water Initiative');
  const editor = await createUser(t.app, { name: 'Kofi Mensah' });
  await addMember(t.app, team.id, editor.id, 'editor');
  const { headers } = await t.app.ctx.auth.api.signInEmail({
    body: { email: editor.email, password: editor.password },
    returnHeaders: true,
  });
  browser = await launchBrowser();
  await browser.context.addCookies(cookiesFor(headers, base));
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('an editor', () => {
  it('sees no Logs nor Settings link (owners and admins only)', async () => {
    const { page } = browser;
    await page.goto(`${base}/dashboard`);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Projects' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Logs' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Settings' }).count()).toBe(0);
  });

  it('gets the 403 page inside the app: sidebar, header and a way on', async () => {
    const { page } = browser;
    const res = await page.goto(`${base}/logs`);
    expect(res?.status()).toBe(403);
    await page.getByRole('heading', { level: 1, name: 'Forbidden' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Projects' }).waitFor();
    expect(await page.getByTestId('user-menu').isVisible()).toBe(true);
    await shot(page, 'roles-editor-403');
    // the sidebar works from the error page
    await nav.getByRole('link', { name: 'Projects' }).click();
    await page.waitForURL(`${base}/projects`);
  });

  it('gets the 404 page inside the app too', async () => {
    const { page } = browser;
    const res = await page.goto(`${base}/no/such/page`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .waitFor();
    await shot(page, 'roles-editor-404');
  });
});
