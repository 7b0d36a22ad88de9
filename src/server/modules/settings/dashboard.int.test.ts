import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signIn } from '../../../../test/helpers/auth.js';
import { addMember } from '../../../../test/helpers/team-membership.js';
import { problems, tocElements } from '../problems/read-model.js';
import { metrics } from '../metrics/read-model.js';
import { formResponseFlags, formResponses } from '../forms/read-model.js';
import { learnings } from '../learnings/read-model.js';
import { ALL_TYPES, GOOD, formsTestKit } from '../forms/test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const kit = formsTestKit(() => t);

type Step = { key: string; done: boolean; href: string | null };
const doneKeys = (steps: Step[]) => steps.filter((s) => s.done).map((s) => s.key);

describe('dashboard variants', () => {
  it('a team without data gets started: setup steps from its data, its video text, no working figures', async () => {
    const s = await kit.setup();
    await s.client.put('/settings/video', {
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      transcript: 'Hello team',
      captions: '',
    });
    const page = await s.client.page('/dashboard');
    expect(page.props.variant).toBe('getting-started');
    const setup = page.props.setup as Step[];
    expect(setup.map((x) => x.key)).toEqual([
      'project',
      'theory-of-change',
      'metric',
      'form',
      'response',
      'source',
    ]);
    expect(doneKeys(setup)).toEqual(['project']);
    expect(setup.find((x) => x.key === 'form')!.href).toBe(
      `/projects/${s.project.id}/surveyholders`,
    );
    expect(page.props.video).toMatchObject({
      embed: { kind: 'youtube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
      transcript: 'Hello team',
    });
    expect(page.props.keyMetrics).toEqual([]);
    // a viewer of the team sees the same variant and the video (members read what they need)
    const viewer = await createUser(t.app);
    await addMember(t.app, s.team.id, viewer.id, 'viewer');
    const seen = await (await signIn(t.app, viewer)).page('/dashboard');
    expect(seen.props.variant).toBe('getting-started');
    expect(seen.props.video.transcript).toBe('Hello team');
  });

  it('with data it is the working dashboard: key metrics across projects, responses of the last 30 days, jobs running', async () => {
    const s = await kit.setup();
    const [problem] = await t.app.ctx.db
      .insert(problems)
      .values({ teamId: s.team.id, projectId: s.project.id, title: 'Stunting' })
      .returning();
    const [el] = await t.app.ctx.db
      .insert(tocElements)
      .values({ teamId: s.team.id, problemId: problem.id, kind: 'output', title: 'Meals served' })
      .returning();
    await t.app.ctx.db.insert(metrics).values({
      teamId: s.team.id,
      problemId: problem.id,
      elementId: el.id,
      name: 'Children reached',
      type: 'count',
      period: 'quarterly',
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
    });
    const formId = await kit.newForm(s, { anonymous: true });
    for (const q of ALL_TYPES) await kit.add(s, formId, q);
    await kit.publish(s, formId);
    const token = await kit.openToken(formId);
    await kit.submit(kit.publicClient(), token, { id: randomUUID(), version: 1, answers: GOOD });
    await s.client.post('/settings/exports'); // queued, not drained: a job running

    const page = await s.client.page('/dashboard');
    expect(page.props.variant).toBe('working');
    expect(doneKeys(page.props.setup as Step[])).toEqual([
      'project',
      'theory-of-change',
      'metric',
      'form',
      'response',
    ]);
    expect(page.props.keyMetrics.map((m: { name: string }) => m.name)).toEqual([
      'Children reached',
    ]);
    const responses = page.props.responses as {
      total: number;
      last30: Array<{ day: string; count: number }>;
    };
    expect(responses.total).toBe(1);
    expect(responses.last30).toHaveLength(30);
    expect(responses.last30[29]).toEqual({
      day: new Date().toISOString().slice(0, 10),
      count: 1,
    });
    // in the team's timezone, the days are that timezone's calendar days
    await s.client.put('/settings/general', {
      language: 'en',
      timezone: 'Pacific/Kiritimati',
      fiscalYearStartMonth: '1',
      retentionDays: '30',
    });
    const there = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(
      new Date(),
    );
    const shifted = (await s.client.page('/dashboard')).props.responses.last30;
    expect(shifted[29]).toEqual({ day: there.slice(0, 10), count: 1 });
    expect(page.props.jobs).toEqual([
      expect.objectContaining({
        label: 'Export of all the team’s data',
        href: '/settings/exports',
      }),
    ]);
  });

  it('shows data-quality flags waiting (open flags on live responses, per form) and learnings due with their owner, each with an empty state first', async () => {
    const s = await kit.setup();
    const [problem] = await t.app.ctx.db
      .insert(problems)
      .values({ teamId: s.team.id, projectId: s.project.id, title: 'Water points' })
      .returning();
    const formId = await kit.newForm(s, { anonymous: true, name: 'Household survey' });
    for (const q of ALL_TYPES) await kit.add(s, formId, q);
    await kit.publish(s, formId);
    const token = await kit.openToken(formId);
    for (let i = 0; i < 3; i++)
      await kit.submit(kit.publicClient(), token, { id: randomUUID(), version: 1, answers: GOOD });
    // identical answers raise real flags (duplicate, speeder); start from none
    await t.app.ctx.db.delete(formResponseFlags).where(eq(formResponseFlags.formId, formId));
    const empty = (await s.client.page('/dashboard')).props;
    expect(empty.variant).toBe('working');
    expect(empty.qualityFlags).toEqual({ responses: 0, forms: [] });
    expect(empty.learningsDue).toEqual([]);

    const db = t.app.ctx.db;
    const [a, b, c] = await db
      .select({ id: formResponses.id })
      .from(formResponses)
      .where(eq(formResponses.formId, formId));
    const flag = (responseId: string, rule: 'speeder' | 'duplicate', cleared = false) => ({
      teamId: s.team.id,
      formId,
      responseId,
      rule,
      reason: 'test',
      clearedAt: cleared ? new Date() : null,
    });
    await db.insert(formResponseFlags).values([
      flag(a.id, 'speeder'),
      flag(a.id, 'duplicate'), // two flags, one response
      flag(b.id, 'speeder', true), // cleared: not waiting
      flag(c.id, 'speeder'),
    ]);
    await db.update(formResponses).set({ deletedAt: new Date() }).where(eq(formResponses.id, c.id));

    const tz = 'UTC';
    const day = (offset: number) =>
      new Date(
        Date.parse(
          `${new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date())}T00:00:00Z`,
        ) +
          offset * 86_400_000,
      )
        .toISOString()
        .slice(0, 10);
    const learning = (summary: string, due: string | null, status: 'open' | 'done' = 'open') => ({
      teamId: s.team.id,
      problemId: problem.id,
      summary,
      action: `Act on ${summary}`,
      actionOwnerId: s.user.id,
      actionDue: due,
      status,
    });
    await db
      .insert(learnings)
      .values([
        learning('overdue', day(-3)),
        learning('today', day(0)),
        learning('next week', day(7)),
        learning('later', day(8)),
        learning('finished', day(-1), 'done'),
        learning('no date', null),
      ]);
    // another team's flags and learnings stay out
    const other = await kit.setup();
    const [otherProblem] = await db
      .insert(problems)
      .values({ teamId: other.team.id, projectId: other.project.id, title: 'Other' })
      .returning();
    await db.insert(learnings).values({
      teamId: other.team.id,
      problemId: otherProblem.id,
      summary: 'secret',
      actionDue: day(-1),
    });

    const page = (await s.client.page('/dashboard')).props;
    expect(page.qualityFlags).toEqual({
      responses: 1,
      forms: [
        { id: formId, name: 'Household survey', responses: 1, href: `/forms/${formId}/review` },
      ],
    });
    expect(
      page.learningsDue.map((l: { summary: string; inDays: number; owner: string }) => [
        l.summary,
        l.inDays,
        l.owner,
      ]),
    ).toEqual([
      ['overdue', -3, s.user.name],
      ['today', 0, s.user.name],
      ['next week', 7, s.user.name],
    ]);
    expect(page.learningsDue[0].href).toBe(`/problems/${problem.id}?tab=learnings`);
    // the review queue the card links to opens for a member
    expect((await s.client.get(`/forms/${formId}/review`)).statusCode).toBe(200);
  });
});
