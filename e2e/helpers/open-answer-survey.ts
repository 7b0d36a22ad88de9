import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestApp } from '../../test/helpers/app.js';
import type { signIn } from '../../test/helpers/auth.js';
import { TestClient } from '../../test/helpers/client.js';
import { formLinks } from '../../src/server/modules/forms/forms.tables.js';
import { createForm, ownerWithProject } from './owner.js';

export interface OpenAnswerSurvey {
  /** the signed-in owner, for further route calls */
  client: Awaited<ReturnType<typeof signIn>>;
  formId: string;
}

/**
 * What the intelligent-column journeys start from, seeded through the routes: a person owning a
 * team with one project, a published survey with one long-text question, and the answers submitted
 * through the form's public link (each in its wave, if given).
 */
export async function seedOpenAnswerSurvey(
  t: TestApp,
  opts: {
    person: string;
    team: string;
    project: string;
    form: string;
    question: { key: string; label: string };
    answers: { text: string; wave?: string }[];
  },
): Promise<OpenAnswerSurvey> {
  const { project, client } = await ownerWithProject(t, {
    user: opts.person,
    team: opts.team,
    project: opts.project,
  });
  const formId = await createForm(client, project.id, { name: opts.form, kind: 'survey' });
  await client.post(`/forms/${formId}/questions`, { ...opts.question, type: 'long_text' });
  await client.post(`/forms/${formId}/versions`);
  const [link] = await t.app.ctx.db.select().from(formLinks).where(eq(formLinks.formId, formId));
  const respondent = new TestClient(t.app, { inertia: false });
  for (const a of opts.answers) {
    const res = await respondent.request(
      'POST',
      `/f/${link.token}`,
      {
        id: randomUUID(),
        version: 1,
        ...(a.wave ? { wave: a.wave } : {}),
        answers: { [opts.question.key]: a.text },
      },
      { accept: 'application/json' },
    );
    expect(res.statusCode).toBeLessThan(300);
  }
  return { client, formId };
}

/** The journey's browser signed in as `client` (its session cookies), on its first page. */
export async function signedInPage(
  browser: BrowserContext,
  base: string,
  client: OpenAnswerSurvey['client'],
): Promise<Page> {
  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  return browser.pages()[0] ?? (await browser.newPage());
}
