import { mkdirSync } from 'node:fs';
import { type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
import { createUser, signIn } from '../test/helpers/auth.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { assistantWorld } from '../src/server/modules/assistant/assistant.test-support.js';
import { startJourney, type Journey } from './helpers/journey.js';

let t: TestApp;
let base: string;
let browser: BrowserContext;
let journey: Journey;
const SHOTS = '/tmp/shots-chanakya';

beforeAll(async () => {
  journey = await startJourney();
  ({ t, base, browser } = journey);
});
afterAll(() => journey?.close());

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

it('asks Chanakya three questions, the answers stream in with their sources, and follows a citation', async () => {
  const user = await createUser(t.app, { name: 'Amina Okafor' });
  const team = await createTeamFor(t.app, user.id, 'Learning Futures');
  const w = await assistantWorld(t.app, team.id, user.id);
  const client = await signIn(t.app, user);
  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = browser.pages()[0] ?? (await browser.newPage());
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (e) => console.log('page error:', e.message));

  await page.goto(`${base}/dashboard`);
  await page.getByRole('link', { name: 'Chanakya' }).first().click();
  await page.getByRole('heading', { name: 'Chanakya', level: 1 }).waitFor();
  await page.getByText('Questions I understand').waitFor();
  await shot(page, 'chanakya-new');

  const input = page.getByLabel('Your question');
  const askAndWait = async (q: string, answer: string) => {
    await input.fill(q);
    await page.getByRole('button', { name: 'Ask' }).click();
    await page.getByText(answer, { exact: false }).first().waitFor();
    await expect.poll(() => input.isEnabled(), { timeout: 30_000 }).toBe(true);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  };
  await askAndWait('Which outcomes have no metric?', '1 outcome has no metric');
  await page.waitForURL(/\/chanakya\/[0-9a-f-]{36}$/);
  await page.getByRole('link', { name: 'Parents value schooling' }).waitFor();
  await askAndWait('How is girls passing doing against target in Q2?', 'in Q2 2026: At risk');
  await askAndWait('What do girls say about distance to school?', 'from female respondents');
  await expect(page.getByText('walk two hours').count()).resolves.toBeGreaterThan(0);
  await expect(page.getByText('bicycle').count()).resolves.toBe(0);
  // the conversation is kept: one entry in the list, six messages
  await expect(
    page.getByRole('navigation', { name: 'Conversations' }).getByRole('link').count(),
  ).resolves.toBe(1);
  await shot(page, 'chanakya-conversation');

  await page.getByRole('link', { name: 'Girls passing', exact: true }).click();
  await page.waitForURL(`${base}/metrics/${w.passing.id}`);
  await page.getByRole('heading', { name: 'Girls passing' }).first().waitFor();
});

it('asks Chanakya from a problem page: the side panel answers about that problem and keeps the conversation', async () => {
  const user = await createUser(t.app, { name: 'Kofi Mensah' });
  const team = await createTeamFor(t.app, user.id, 'Harvest Aid');
  const w = await assistantWorld(t.app, team.id, user.id);
  const client = await signIn(t.app, user);
  await browser.clearCookies();
  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = browser.pages()[0] ?? (await browser.newPage());
  page.setDefaultTimeout(15_000);

  await page.goto(`${base}/problems/${w.problem.id}`);
  const open = page.getByRole('button', { name: 'Ask Chanakya' });
  await open.click();
  const panel = page.getByRole('dialog', { name: 'Ask Chanakya about “Girls drop out”' });
  const input = panel.getByLabel('Your question');
  // the question box takes the focus once the (empty) conversation is loaded
  await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
  await panel.getByText('Questions I understand').waitFor();
  await page.keyboard.type('Which outcomes have no metric?');
  await page.keyboard.press('Enter');
  await panel.getByText('1 outcome has no metric').waitFor();
  await expect.poll(() => input.isEnabled(), { timeout: 30_000 }).toBe(true);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  await panel.getByRole('link', { name: 'Parents value schooling' }).waitFor();
  await expect(panel.locator('[aria-live="polite"]').count()).resolves.toBe(1);
  await shot(page, 'chanakya-panel');

  // Escape closes it and gives the focus back to the button; the conversation is kept
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
  await expect.poll(() => open.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.reload();
  await page.getByRole('button', { name: 'Ask Chanakya' }).click();
  await panel.getByText('Which outcomes have no metric?').first().waitFor();
  await panel.getByRole('link', { name: 'Parents value schooling' }).click();
  await page.waitForURL(`${base}/elements/${w.bare.id}`);
});
