// @postgres-pass (also run on the PostgreSQL pass): deliveries are sent by the jobs worker
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
import { createUser, signIn } from '../test/helpers/auth.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import {
  fakeReceiver,
  verifySignature,
  type FakeReceiver,
} from '../src/server/modules/webhooks/test-support.js';
import { shot } from './helpers/browser.js';
import { startJourney, type Journey } from './helpers/journey.js';

let t: TestApp;
let base: string;
let browser: BrowserContext;
let journey: Journey;
let receiver: FakeReceiver;

beforeAll(async () => {
  receiver = await fakeReceiver();
  journey = await startJourney({ worker: true });
  ({ t, base, browser } = journey);
});
afterAll(async () => {
  await journey?.close();
  await receiver?.close();
});

const SHOTS = '/tmp/shots-webhooks';
async function snap(page: Page, name: string) {
  const file = await shot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(file, path.join(SHOTS, path.basename(file)));
}

it('add a webhook, copy its secret, send a test to a local receiver, see it succeeded', async () => {
  const user = await createUser(t.app, { name: 'Amina Okafor' });
  await createTeamFor(t.app, user.id, 'Learning Futures');
  const client = await signIn(t.app, user);
  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = await browser.newPage();

  await page.goto(`${base}/integrations`);
  await page.getByRole('heading', { name: 'Integrations', exact: true }).waitFor();
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await page.getByRole('heading', { name: 'Webhooks', exact: true }).waitFor();
  await page.getByText('Click “Add webhook”').waitFor();
  await snap(page, 'webhooks-index-empty');

  await page.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Receiver address' }).fill(receiver.url);
  await dialog.getByRole('checkbox', { name: /metric_value\.changed/ }).uncheck();
  await snap(page, 'webhooks-add');
  await dialog.getByRole('button', { name: 'Add webhook' }).click();

  await page.getByRole('heading', { name: 'Webhook', exact: true }).waitFor();
  const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  await page.getByText('Nothing sent yet.').waitFor();
  await snap(page, 'webhooks-secret-once');
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await page.getByTestId('webhook-secret').waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Send test' }).click();
  await page.getByTestId('delivery').getByText('Succeeded').waitFor();
  expect(receiver.received).toHaveLength(1);
  const [{ headers, body }] = receiver.received;
  expect(headers['pathways-event']).toBe('ping');
  expect(verifySignature(String(headers['pathways-signature']), body, secret)).toBe(true);

  await page.getByTestId('delivery').getByRole('button').first().click();
  await page.getByText('"type": "ping"').waitFor();
  await page.getByText('{"ok":true}').waitFor();
  await snap(page, 'webhooks-delivery-log');

  await page.goto(`${base}/integrations/webhooks`);
  await page.getByRole('link', { name: receiver.url }).waitFor();
  await snap(page, 'webhooks-index');
});
