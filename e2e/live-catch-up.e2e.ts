// A response stored after the page's props were read but before its live channel listened is not
// lost: once subscribed, the responses page, the dashboard and the bell read their data again.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page, Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { TestClient } from '../test/helpers/client.js';
import { formLinks } from '../src/server/modules/forms/forms.tables.js';
import { notifications, notify } from '../src/server/modules/notifications/index.js';
import { until } from '../test/helpers/wait.js';
import { journeyForFile } from './helpers/journey.js';
import { createForm, ownerWithProject } from './helpers/owner.js';

const j = journeyForFile({ worker: true });

/**
 * Hold back the live channel's client (the lazily loaded laravel-echo chunk): the page renders its
 * props and cannot subscribe until `release()`.
 */
async function holdLiveClient(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const requested = new Promise<Route>((resolve) =>
    page.route(/\/assets\/echo-[\w-]+\.js$/, async (route) => {
      resolve(route);
      await released;
      await route.continue();
    }),
  );
  return { requested, release };
}

it('a response and a notification stored before the live channel listened show on the responses page, in the dashboard count and on the bell', async () => {
  const { t, base, browser } = j;
  const { user, project, client } = await ownerWithProject(t, {
    user: 'Amina Yusuf',
    team: 'Clinics North',
    project: 'Maternal health',
  });
  const formId = await createForm(client, project.id, {
    name: 'Clinic exit survey',
    kind: 'survey',
  });
  expect(
    (
      await client.post(`/forms/${formId}/questions`, {
        key: 'visit',
        type: 'short_text',
        label: 'Reason for the visit',
        required: true,
      })
    ).statusCode,
  ).toBe(303);
  expect((await client.post(`/forms/${formId}/versions`)).statusCode).toBe(303);
  const [link] = await t.app.ctx.db.select().from(formLinks).where(eq(formLinks.formId, formId));
  const respond = async (visit: string) => {
    const res = await new TestClient(t.app, { inertia: false }).request(
      'POST',
      `/f/${link.token}`,
      { id: randomUUID(), version: 1, answers: { visit } },
      { accept: 'application/json' },
    );
    expect(res.statusCode).toBe(201);
  };
  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );

  // the responses page: its list is read, then a response arrives while the channel cannot listen yet
  const page = await browser.newPage();
  const held = await holdLiveClient(page);
  await page.goto(`${base}/forms/${formId}/responses`);
  await page.getByRole('heading', { name: 'Clinic exit survey' }).first().waitFor();
  await held.requested;
  await expect(page.getByText('Antenatal check').count()).resolves.toBe(0);
  await page.evaluate(() => ((window as { loaded?: boolean }).loaded = true));
  await respond('Antenatal check');
  held.release();
  // subscribed: the list is read again, without reloading the document
  await page.getByText('Antenatal check').first().waitFor();
  expect(await page.evaluate(() => (window as { loaded?: boolean }).loaded)).toBe(true);
  await page.unrouteAll({ behavior: 'wait' });

  // the dashboard's count: one response when read, two once subscribed; the bell's unread count
  // (read with the page) takes in a notification stored before its channel listened
  const dash = await browser.newPage();
  const heldDash = await holdLiveClient(dash);
  await dash.goto(`${base}/dashboard`);
  await dash.getByText('1 in all').waitFor();
  const bell = dash.getByTestId('notification-bell');
  await expect(bell.getAttribute('aria-label')).resolves.toBe('Notifications');
  await heldDash.requested;
  await respond('Vaccination');
  // the worker stores it and pushes it to no one
  await notify(t.app.ctx, { userIds: [user.id], type: 'test.live', title: 'Import finished' });
  await until(
    async () =>
      (await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id)))
        .length === 1,
    'the notification stored',
  );
  heldDash.release();
  await dash.getByText('2 in all').waitFor();
  await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
  await dash.unrouteAll({ behavior: 'wait' });
  await dash.close();
  await page.close();
});

it('a notification the bell read with its count and then received live counts once', async () => {
  const { t, base, browser } = j;
  const { user, client } = await ownerWithProject(t, {
    user: 'Tomás Rivera',
    team: 'Schools West',
    project: 'Girls in school',
  });
  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = await browser.newPage();
  // the live socket through the test: the user channel's messages from the server are held back
  // (its subscription's confirmation, then the push), to be let through in the order the race needs
  const channel = `private-user.${user.id}`;
  const held: string[] = [];
  let toBrowser: ((m: string) => void) | null = null;
  await page.routeWebSocket(/\/app\//, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    toBrowser = (m) => ws.send(m);
    server.onMessage((m) => {
      const text = String(m);
      if ((JSON.parse(text) as { channel?: string }).channel === channel) held.push(text);
      else ws.send(m);
    });
  });
  await page.goto(`${base}/dashboard`);
  const bell = page.getByTestId('notification-bell');
  await expect(bell.getAttribute('aria-label')).resolves.toBe('Notifications');
  // the server has the subscriber; the browser has not heard it confirmed
  await until(() => held.length === 1, 'the subscription confirmed (held)');
  expect(held[0]).toContain('subscription_succeeded');

  // stored and pushed (held) before the bell reads its count again
  await notify(t.app.ctx, { userIds: [user.id], type: 'test.live', title: 'Grid ready' });
  await until(() => held.length === 2, 'the push (held)');
  const read = page.waitForResponse((r) => r.url().endsWith('/notifications/latest'));
  toBrowser!(held[0]);
  await read;
  await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
  // the push arrives after the read that counted it: still one
  toBrowser!(held[1]);
  await page.getByText('Grid ready').first().waitFor();
  await expect(bell.getAttribute('aria-label')).resolves.toBe('Notifications, 1 unread');
  await page.close();
});
