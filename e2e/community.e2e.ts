/**
 * Community, two people in two browsers: Ada (one team) creates a community, Ben (another team)
 * joins it; Ada opens a thread mentioning Ben, Ben is notified and responds; the response arrives
 * live in Ada's browser, with Ben's name and team. Then the hostile list: every XSS payload
 * rendered in Chromium, through the server's renderer (unchecked) and as a real post, and none
 * runs (`window.__xss` is never set).
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser, signIn, type TestUser } from '../test/helpers/auth.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { WAIT_GUARD_MS } from '../test/helpers/wait.js';
import { XSS_PAYLOADS } from '../test/helpers/xss-payloads.js';
import type { EmbeddedRealtime } from '../src/server/platform/realtime/index.js';
import { renderRichText, type RichDoc } from '../src/shared/community/rich-text.js';
import { launchBrowser, type Browser } from './helpers/browser.js';
import { startJourney, type Journey } from './helpers/journey.js';

const SHOTS = '/tmp/shots-community';
let j: Journey;
let second: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // mention notifications are jobs: the worker runs as under `npm start`
  j = await startJourney({ worker: true });
  second = await launchBrowser({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await second?.close();
  await j?.close();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

async function signedInPage(user: TestUser, b: { context: Journey['browser'] }) {
  const client = await signIn(j.t.app, user);
  await b.context.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: j.base })),
  );
  return client;
}

it('two members talk in a community: join, thread, mention, a response arriving live; no payload runs', async () => {
  const ada = await createUser(j.t.app, { name: 'Ada Okoth' });
  const ben = await createUser(j.t.app, { name: 'Ben Reader' });
  await createTeamFor(j.t.app, ada.id, 'Kisumu WASH');
  await createTeamFor(j.t.app, ben.id, 'Nairobi MEL');
  const adaClient = await signedInPage(ada, { context: j.browser });
  await signedInPage(ben, second);
  const a = j.browser.pages()[0] ?? (await j.browser.newPage());
  const b = second.page;

  // Ada: the empty feed says what to do, then a new community
  await a.goto(`${j.base}/community`);
  await a.getByText('You do not belong to any community yet.').waitFor();
  await shot(a, '1-feed-empty');
  await a.getByRole('button', { name: 'New community' }).first().click();
  await a.getByLabel('Name').fill('WASH practitioners');
  await a.getByLabel('What is it about?').fill('Water, sanitation and hygiene monitoring.');
  await a.getByRole('button', { name: 'Create community' }).click();
  await a.getByRole('heading', { name: 'WASH practitioners', level: 1 }).waitFor();
  const communityId = a.url().split('/').pop()!;

  // Ben: browses and joins
  await b.goto(`${j.base}/community/communities`);
  await b.getByTestId('community-card').filter({ hasText: 'WASH practitioners' }).waitFor();
  await shot(b, '2-browse');
  await b.getByRole('button', { name: 'Join', exact: true }).click();
  await b.getByTestId('community-card').getByText('Member', { exact: true }).waitFor();

  // Ada: a thread that mentions Ben through the picker
  await a.reload();
  await a.getByRole('link', { name: 'New thread' }).click();
  await a.getByLabel('Title').fill('How do you measure handwashing at baseline?');
  const editor = a.getByTestId('thread-editor');
  await editor.click();
  await editor.pressSequentially('Spot checks or self-report? ');
  await a.keyboard.press('Control+b');
  await editor.pressSequentially('Asking ');
  await a.keyboard.press('Control+b');
  await editor.pressSequentially('@Be');
  await a.getByRole('option', { name: 'Ben Reader' }).click();
  await shot(a, '3-thread-form');
  await a.getByRole('button', { name: 'Post thread' }).click();
  await a.getByTestId('thread-body').waitFor();
  expect(await a.getByTestId('thread-body').innerHTML()).toContain(
    '<strong>Asking </strong><span class="mention" data-user-id="',
  );
  const threadUrl = a.url();

  // Ben: told about the mention; opens the thread; both listen on the community's channel
  await b.goto(threadUrl);
  await expect
    .poll(() => b.getByTestId('notification-bell').getAttribute('aria-label'), {
      timeout: WAIT_GUARD_MS,
    })
    .toBe('Notifications, 1 unread');
  const realtime = j.t.app.ctx.realtime as EmbeddedRealtime;
  await expect
    .poll(() => realtime.hub.subscriberCount(`private-community.${communityId}`), {
      timeout: WAIT_GUARD_MS,
    })
    .toBe(2);

  // Ben responds; it appears in Ada's browser without a reload, with Ben's name and team
  const response = b.getByTestId('response-editor');
  await response.click();
  await response.pressSequentially('We use spot checks at the household tap, twice a year.');
  await b.getByRole('button', { name: 'Respond' }).click();
  await b.getByTestId('response').filter({ hasText: 'spot checks at the household tap' }).waitFor();
  const arrived = a.getByTestId('response').filter({ hasText: 'spot checks at the household tap' });
  await arrived.waitFor({ timeout: WAIT_GUARD_MS });
  await expect(arrived.textContent()).resolves.toContain('Ben Reader · Nairobi MEL');
  await shot(a, '4-thread-live');

  // Ada replies under Ben's response (one level)
  await arrived.getByRole('button', { name: 'Reply' }).click();
  const reply = a.getByTestId('reply-editor');
  await reply.click();
  await reply.pressSequentially('Thanks, that helps.');
  await a.getByRole('button', { name: 'Reply', exact: true }).last().click();
  await b.getByTestId('reply').filter({ hasText: 'Thanks, that helps.' }).waitFor({
    timeout: WAIT_GUARD_MS,
  });
  await shot(b, '5-thread-reply');

  // the community's page as its owner: threads, and the members tab with the moderation buttons
  await a.goto(`${j.base}/community/communities/${communityId}`);
  await a.getByTestId('thread-card').first().waitFor();
  await shot(a, '6-community');
  await a.getByRole('tab', { name: /Members/ }).click();
  await a.getByTestId('member-row').filter({ hasText: 'Ben Reader' }).waitFor();
  await shot(a, '7-members');
  await a.goto(threadUrl);

  // the hostile list: the renderer's output for every payload (unchecked), in Chromium
  const rendered = XSS_PAYLOADS.map((p) => renderRichText(p.doc as RichDoc)).join('\n');
  const probe = await j.browser.newPage();
  await probe.setContent(
    `<!doctype html><html lang="en"><head><title>Payloads</title></head><body><main><h1>Payloads</h1>${rendered}</main></body></html>`,
  );
  await probe.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
  expect(await probe.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await probe.close();

  // and as a real post: the raw HTML payloads as text in one response, on the thread page
  const raw = XSS_PAYLOADS.filter((p) => p.name.startsWith('raw HTML')).flatMap(
    (p) => p.doc.content!,
  );
  const threadId = threadUrl.split('/').pop()!;
  const posted = await adaClient.request(
    'POST',
    `/community/threads/${threadId}/posts`,
    { body: { type: 'doc', content: raw } },
    { accept: 'application/json' },
    false,
  );
  expect(posted.statusCode).toBe(303);
  await a.reload();
  await a.getByText('<script>window.__xss=1</script>').first().waitFor();
  expect(await a.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await shot(a, '8-hostile-post');
  expect(await a.locator('[data-testid="posts"] script, [data-testid="posts"] img').count()).toBe(
    0,
  );
});
