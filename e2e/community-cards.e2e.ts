/**
 * Images and library cards in a community, two people in two browsers: Ada shares a library
 * strategy into her community from its library page, adds an uploaded image with its alt text,
 * and posts; Ben (another team) sees the image and the card in the thread and copies the
 * strategy into a problem of his own team.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { createUser, signIn, type TestUser } from '../test/helpers/auth.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { solidPng } from '../test/helpers/png.js';
import { communities, communityMembers } from '../src/server/modules/community/community.tables.js';
import { SHIPPED_LIBRARY } from '../src/server/modules/libraries/index.js';
import { projects } from '../src/server/modules/projects/projects.tables.js';
import { problems, tocElements } from '../src/server/modules/problems/problems.tables.js';
import { launchBrowser, type Browser } from './helpers/browser.js';
import { startJourney, type Journey } from './helpers/journey.js';

const SHOTS = '/tmp/shots-community-cards';
let j: Journey;
let second: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  j = await startJourney({ worker: true, dataDir: true });
  second = await launchBrowser({ viewport: { width: 375, height: 800 } });
});
afterAll(async () => {
  await second?.close();
  await j?.close();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

async function signedInPage(user: TestUser, context: Journey['browser']) {
  const client = await signIn(j.t.app, user);
  await context.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: j.base })),
  );
}

it('a strategy shared with an image; another team’s member copies it into a problem', async () => {
  const db = j.t.app.ctx.db;
  const ada = await createUser(j.t.app, { name: 'Ada Okoth' });
  const ben = await createUser(j.t.app, { name: 'Ben Reader' });
  await createTeamFor(j.t.app, ada.id, 'Kisumu WASH');
  const benTeam = await createTeamFor(j.t.app, ben.id, 'Nairobi MEL');
  const [c] = await db
    .insert(communities)
    .values({ name: 'WASH practitioners', joinPolicy: 'open', createdBy: ada.id })
    .returning();
  await db.insert(communityMembers).values([
    { communityId: c.id, userId: ada.id, role: 'owner', status: 'active' },
    { communityId: c.id, userId: ben.id, role: 'member', status: 'active' },
  ]);
  const [project] = await db
    .insert(projects)
    .values({ teamId: benTeam.id, name: 'School WASH' })
    .returning();
  const [problem] = await db
    .insert(problems)
    .values({ teamId: benTeam.id, projectId: project.id, title: 'Pupils miss school when ill' })
    .returning();
  const strategy = SHIPPED_LIBRARY.find((e) => e.kind === 'strategy')!;
  await signedInPage(ada, j.browser);
  await signedInPage(ben, second.context);
  const a = j.browser.pages()[0] ?? (await j.browser.newPage());
  const b = second.page;

  // Ada: from the strategy's library page to a thread in her community, the card in the editor
  await a.goto(`${j.base}/libraries/${strategy.slug}`);
  await a.getByTestId('share-open').click();
  await a.getByRole('heading', { name: 'Share to a community', level: 1 }).waitFor();
  await shot(a, '1-share');
  await a.getByTestId('share-next').click();
  await a.getByLabel('Title').waitFor();
  await a.getByText(`Library card: ${strategy.title}`).waitFor();
  await a.getByLabel('Title').fill('A strategy that worked for us');
  const editor = a.getByTestId('thread-editor');
  // into the empty paragraph under the card (a click on the card itself selects it, and typing
  // would replace it, as in any block editor)
  await editor.locator('p').last().click();
  await editor.pressSequentially('We ran this in 12 schools. Our station:');

  // an image: uploaded, then described before it goes in
  const chooser = a.waitForEvent('filechooser');
  await a.getByTestId('editor-image').click();
  await (
    await chooser
  ).setFiles({
    name: 'station.png',
    mimeType: 'image/png',
    buffer: solidPng(240, 120, [30, 110, 190]),
  });
  await a.getByTestId('image-insert').click();
  await a.getByText('Describe the image in a few words').waitFor();
  await a.getByTestId('image-alt').fill('A handwashing station beside the latrines');
  await a.getByTestId('image-insert').click();
  await editor.locator('img[alt="A handwashing station beside the latrines"]').waitFor();
  await shot(a, '2-thread-form');
  await a.getByRole('button', { name: 'Post thread' }).click();
  await a.getByTestId('thread-body').locator('.library-card').waitFor();
  const threadUrl = a.url();

  // Ben (on a phone): the picture loads for him, and the card offers the copy
  await b.goto(threadUrl);
  const img = b.getByTestId('thread-body').locator('img');
  await img.waitFor();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBe(240);
  await expect(img.getAttribute('alt')).resolves.toBe('A handwashing station beside the latrines');
  await shot(b, '3-thread-phone');
  await b.getByRole('link', { name: 'Copy into one of your projects' }).click();
  await b.getByTestId('shared-card').waitFor();
  await shot(b, '4-card');
  await b.getByTestId('copy-open').click();
  await b.getByTestId('copy-strategy-problem').click();
  await b.getByRole('option', { name: /Pupils miss school when ill/ }).click();
  await b.getByRole('dialog').getByRole('button', { name: 'Copy' }).click();
  await b.waitForURL(/\/problems\//);
  await expect
    .poll(
      async () =>
        (await db.select().from(tocElements).where(eq(tocElements.problemId, problem.id))).length,
    )
    .toBeGreaterThan(0);
  await shot(b, '5-copied');
});
