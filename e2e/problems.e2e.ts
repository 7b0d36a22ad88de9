import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/helpers/app.js';
import { createUser } from '../test/helpers/auth.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { problems, tocElements } from '../src/server/modules/problems/problems.tables.js';
import {
  insertElement,
  insertLink,
  insertMetric,
  smallChain,
} from '../src/server/modules/problems/problems.test-support.js';
import { projects } from '../src/server/platform/db/schema.js';
import { launchBrowser, shot, type Browser, cookiesFor } from './helpers/browser.js';

/** The problem full view (several tabs), the element page and adding an element through the form. */
let t: TestApp;
let base: string;
let b: Browser;
let problemId: string;
let outcomeId: string;

beforeAll(async () => {
  t = await createTestApp({ build: { assets: undefined } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await createUser(t.app, { name: 'Amina Otieno' });
  const team = await createTeamFor(t.app, user.id, 'Kisumu Girls Education');
  const [project] = await t.app.ctx.db
    .insert(projects)
    .values({ teamId: team.id, name: 'Keeping girls in school' })
    .returning();
  const chain = await smallChain(t.app, team.id, project.id);
  problemId = chain.problem.id;
  outcomeId = chain.outcome.id;
  await t.app.ctx.db
    .update(problems)
    .set({
      status: 'active',
      statement:
        'One in three girls in Kisumu county leaves school before completing form 2, mostly between ages 14 and 16.',
      rootCauses:
        'School fees and levies; early marriage and pregnancy; long distances to school; lack of menstrual products.',
      populationWho: 'Girls aged 13-18 in rural wards',
      populationCount: 4200,
      geography: 'Kisumu county, Kenya',
      evidence: 'County education office enrolment data 2024; baseline household survey (n=620).',
    })
    .where(eq(problems.id, problemId));
  const p = chain.problem;
  const a2 = await insertElement(t.app, p, 'activity', 'Pay bursaries for the poorest girls', {
    status: 'in_progress',
    ownerId: user.id,
    startDate: '2026-01-15',
    endDate: '2026-12-15',
    position: 1,
  });
  const o2 = await insertElement(t.app, p, 'output', 'Bursaries paid on time', { position: 1 });
  const oc2 = await insertElement(t.app, p, 'outcome', 'Families keep girls enrolled', {
    horizon: 'medium',
    assumptions: 'Fees are the main reason girls leave.',
  });
  await insertLink(t.app, p, a2.id, o2.id);
  await insertLink(t.app, p, o2.id, chain.outcome.id);
  await insertLink(t.app, p, chain.outcome.id, oc2.id);
  await insertLink(t.app, p, oc2.id, chain.impact.id);
  await t.app.ctx.db
    .update(tocElements)
    .set({
      description: 'Two-day workshops on gender-responsive teaching for form 1-2 teachers.',
      ownerId: user.id,
      status: 'done',
    })
    .where(eq(tocElements.id, chain.activity.id));
  await insertMetric(t.app, chain.output, 'Teachers trained');
  await insertMetric(t.app, chain.outcome, 'Girls’ retention rate');
  const { headers } = await t.app.ctx.auth.api.signInEmail({
    body: { email: user.email, password: user.password },
    returnHeaders: true,
  });
  b = await launchBrowser();
  await b.context.addCookies(cookiesFor(headers, base));
});

afterAll(async () => {
  await b?.close();
  await t?.close();
});

describe('problem full view', () => {
  it('shows the overview, list tabs, metrics and an honest empty later tab', async () => {
    const page = b.page;
    await page.goto(`${base}/problems/${problemId}`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.title()).toContain('Girls drop out of secondary school');
    await page.getByText('Results chain').waitFor();
    await shot(page, 'problems-overview');
    await page.getByRole('tab', { name: /Activities/ }).click();
    await page.getByRole('table', { name: 'Activity list' }).waitFor();
    await page.getByText('Pay bursaries for the poorest girls').waitFor();
    await shot(page, 'problems-activities');
    await page.getByRole('tab', { name: /Outcomes/ }).click();
    await page.getByText('Outcome output list').waitFor();
    await shot(page, 'problems-outcomes');
    await page.getByRole('tab', { name: /Metrics/ }).click();
    await page.getByText('Girls’ retention rate').waitFor();
    await shot(page, 'problems-metrics');
    await page.getByRole('tab', { name: /Insights/ }).click();
    await page.getByText('Indicator performance tracking table').first().waitFor();
    await shot(page, 'problems-insights');
    // the project's sources: none yet, and the empty list says how to add one
    await page.getByRole('tab', { name: /Sources/ }).click();
    await page.getByText('Click “Add source” to upload a CSV, TSV or Excel file').waitFor();
    await shot(page, 'problems-sources');
  });

  it('adds an activity through the form', async () => {
    const page = b.page;
    await page.goto(`${base}/problems/${problemId}?tab=activities`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Add activity' }).click();
    await page.getByLabel('Title').fill('Distribute sanitary pads monthly');
    await shot(page, 'problems-add-activity');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('link', { name: 'Distribute sanitary pads monthly' }).waitFor();
    // move the first activity down
    await page.getByRole('button', { name: 'Actions for Train teachers' }).click();
    await page.getByRole('menuitem', { name: 'Move down' }).click();
    await page.getByText('New order saved.').waitFor();
    const titles = await page
      .getByRole('table', { name: 'Activity list' })
      .locator('tbody tr td:first-child a')
      .allTextContents();
    expect(titles.slice(0, 2)).toEqual(['Pay bursaries for the poorest girls', 'Train teachers']);
  });

  it('shows the create form and an activity page', async () => {
    const page = b.page;
    const [project] = await t.app.ctx.db.select().from(projects);
    await page.goto(`${base}/projects/${project.id}/problems/create`, { waitUntil: 'networkidle' });
    await page.getByLabel('Title').first().fill('Low maths scores in form 1');
    await shot(page, 'problems-create');
    await page.getByRole('button', { name: 'Create problem' }).click();
    await page.getByText('Now add the activities').waitFor();
    const [activity] = await t.app.ctx.db
      .select()
      .from(tocElements)
      .where(eq(tocElements.title, 'Train teachers'));
    await page.goto(`${base}/elements/${activity.id}`, { waitUntil: 'networkidle' });
    await page.getByText('Activity metrics').waitFor();
    await shot(page, 'element-activity');
  });

  it('shows the element page with its links and metrics, and the phone layout', async () => {
    const page = b.page;
    await page.goto(`${base}/elements/${outcomeId}`, { waitUntil: 'networkidle' });
    await page.getByText('Outcome metrics').waitFor();
    await page.getByRole('button', { name: 'Edit the link with Teachers trained' }).click();
    await page
      .getByRole('dialog')
      .getByLabel('Assumptions')
      .fill('Trained teachers stay in the county schools.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Assumes: Trained teachers stay in the county schools.').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await shot(page, 'element-outcome');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('This also deletes:').waitFor();
    await shot(page, 'element-delete-modal');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${base}/problems/${problemId}`, { waitUntil: 'networkidle' });
    await shot(page, 'problems-overview-phone');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
