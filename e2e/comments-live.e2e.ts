// @postgres-pass (also run on the PostgreSQL pass): the live channel after commit
/**
 * Comments, live: two signed-in members of one team open the same project in two browsers; one
 * comments (mentioning the other), the second sees it arrive without a reload, with the mention
 * highlighted and a notification; then the author edits and deletes it and the second browser
 * follows. Runs against the project page (projects.show), which includes <CommentThread>.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/helpers/app.js';
import { createUser, signIn, type TestUser } from '../test/helpers/auth.js';
import { seedSubjects } from '../test/helpers/comment-subjects.js';
import { addMember, createTeamFor } from '../test/helpers/team-membership.js';
import type { EmbeddedRealtime } from '../src/server/platform/realtime/index.js';
import { route } from '../src/shared/route.js';
import { launchBrowser, shot, type Browser } from './helpers/browser.js';
import { WAIT_GUARD_MS } from '../test/helpers/wait.js';

let t: TestApp;
let base: string;
const browsers: Browser[] = [];

beforeAll(async () => {
  t = await createTestApp({ build: { assets: 'built' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  // a running server's jobs worker (server.ts starts it in embedded mode): mention notifications are jobs
  t.app.ctx.jobs.startWorker({ pollMs: 50 });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const b of browsers) await b.close();
  await t?.close();
});

/** The page under test: the project page, which shows the project's comment thread. */
const threadUrl = (projectId: string) =>
  `${base}${route('projects.show', { project: projectId }, t.app.ctx.routes.clientTable())}`;

async function openAs(user: TestUser, url: string): Promise<Page> {
  const b = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  browsers.push(b);
  const client = await signIn(t.app, user);
  await b.context.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const connected = b.page.waitForEvent('console', {
    predicate: (m) => m.text() === 'Live channel connected',
    timeout: WAIT_GUARD_MS,
  });
  await b.page.goto(url);
  await connected;
  await b.page.getByTestId('comment-thread').waitFor({ timeout: WAIT_GUARD_MS });
  return b.page;
}

it('a comment, its edit and its deletion arrive live in a teammate’s browser; the mention is highlighted and notified', async () => {
  const ada = await createUser(t.app, { name: 'Ada Author' });
  const ben = await createUser(t.app, { name: 'Ben Reader' });
  const team = await createTeamFor(t.app, ada.id, 'Live Comments Team');
  await addMember(t.app, team.id, ben.id, 'viewer');
  const { project } = await seedSubjects(t.app, team.id, 'Live project');
  const url = threadUrl(project);

  const pageA = await openAs(ada, url);
  const pageB = await openAs(ben, url);
  await pageB
    .getByText('No comments yet. Start the discussion — type @ to mention a teammate.')
    .waitFor();
  // both browsers listen on the team channel before anyone writes
  const realtime = t.app.ctx.realtime as EmbeddedRealtime;
  await expect
    .poll(() => realtime.hub.subscriberCount(`private-team.${team.id}`), { timeout: WAIT_GUARD_MS })
    .toBe(2);

  // Ada writes, mentioning Ben through the picker
  const input = pageA.getByTestId('comment-input');
  await input.click();
  await input.pressSequentially('Baseline looks low, @Be');
  await pageA.getByRole('option', { name: 'Ben Reader' }).click();
  await input.pressSequentially('can you check <b>this</b>?');
  await pageA.getByRole('button', { name: 'Comment', exact: true }).click();
  await pageA.getByTestId('comment-body').filter({ hasText: 'Baseline looks low' }).waitFor();

  // Ben sees it without a reload: text as typed (no HTML), mention highlighted
  const arrived = pageB.getByTestId('comment-body').filter({ hasText: 'Baseline looks low' });
  await arrived.waitFor({ timeout: WAIT_GUARD_MS });
  await expect(arrived.textContent()).resolves.toBe(
    'Baseline looks low, @Ben Reader can you check <b>this</b>?',
  );
  await expect(arrived.locator('mark').textContent()).resolves.toBe('@Ben Reader');
  await expect(pageA.getByTestId('comment').count()).resolves.toBe(1); // the POST answer and the event did not duplicate
  await expect
    .poll(() => pageB.getByTestId('notification-bell').getAttribute('aria-label'), {
      timeout: WAIT_GUARD_MS,
    })
    .toBe('Notifications, 1 unread');
  // Ben (a viewer) may comment but not edit or delete Ada's comment
  await expect(
    pageB.getByTestId('comment').getByRole('button', { name: 'Edit' }).count(),
  ).resolves.toBe(0);
  await shot(pageB, 'comments-live-arrived');

  // Ada edits: Ben's copy follows
  await pageA.getByTestId('comment').getByRole('button', { name: 'Edit' }).click();
  const editBox = pageA.getByTestId('comment-input').first();
  await editBox.fill('Baseline confirmed, thanks @Ben Reader');
  await pageA.getByRole('button', { name: 'Save' }).click();
  await pageB.getByText('Baseline confirmed, thanks').waitFor({ timeout: WAIT_GUARD_MS });
  await pageB.getByText('(edited)').waitFor();

  // Ada deletes: gone from Ben's page too
  await pageA.getByTestId('comment').getByRole('button', { name: 'Delete' }).click();
  await pageA.getByRole('button', { name: 'Delete comment' }).click();
  await pageB
    .getByText('No comments yet. Start the discussion — type @ to mention a teammate.')
    .waitFor({ timeout: WAIT_GUARD_MS });
  await expect(pageB.getByTestId('comment').count()).resolves.toBe(0);
});
