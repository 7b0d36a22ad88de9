import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { formLinks, formQuestions, forms, stakeholders } from './forms.tables.js';
import { projects } from '../projects/read-model.js';
import { formsTestKit } from './test-support.js';
import { problems, tocElements } from '../problems/read-model.js';
import { dataPoints, metrics, surveyQuestions } from '../metrics/read-model.js';

/** Stakeholders and personal links, form settings, and questions added from the theory of change. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { setup, newForm, add, fieldErrors, publish, openToken, publicClient, submit, publicPage } =
  formsTestKit(() => t);
describe('stakeholders and personal links', () => {
  it('registers stakeholders, sends a personal link per wave, and a withdrawn link answers 404', async () => {
    const s = await setup();
    const reg = await newForm(s, { name: 'Registration', kind: 'stakeholder' });
    await add(s, reg, { key: 'full_name', type: 'short_text', label: 'Full name', required: true });
    await publish(s, reg);
    const regToken = await openToken(reg);
    expect(
      (
        await submit(publicClient(), regToken, {
          id: randomUUID(),
          version: 1,
          answers: { full_name: 'Juma' },
        })
      ).statusCode,
    ).toBe(201);
    const [juma] = await t.app.ctx.db
      .select()
      .from(stakeholders)
      .where(eq(stakeholders.projectId, s.project.id));
    expect(juma.name).toBe('Juma');
    expect(juma.code).toMatch(/^S-[A-Z2-9]{8}$/);
    const list = await s.client.page(`/projects/${s.project.id}/stakeholders`);
    expect(list.props.forms[0]).toMatchObject({ questionsCount: 1, responsesCount: 1 });
    expect(list.props.stakeholders.rows[0]).toMatchObject({ name: 'Juma', responsesCount: 1 });

    const survey = await newForm(s, {
      name: 'Follow-up',
      anonymous: false,
      waves: ['baseline', 'endline'],
    });
    await add(s, survey, { key: 'meals', type: 'integer', label: 'Meals a day' });
    await publish(s, survey);
    for (const wave of ['baseline', 'endline'])
      expect(
        (await s.client.post(`/stakeholders/${juma.id}/links`, { formId: survey, wave }))
          .statusCode,
      ).toBe(303);
    const links = await t.app.ctx.db
      .select()
      .from(formLinks)
      .where(eq(formLinks.stakeholderId, juma.id));
    expect(links).toHaveLength(2);
    for (const [i, l] of links.entries())
      expect(
        (
          await submit(publicClient(), l.token, {
            id: randomUUID(),
            version: 1,
            answers: { meals: String(i + 2) },
          })
        ).statusCode,
      ).toBe(201);
    const page = await s.client.page(`/stakeholders/${juma.id}`);
    expect(page.props.message ?? '').toBe('');
    expect(page.component).toBe('surveyholders/stakeholder-responses');
    expect(page.props.columns.map((c: { wave: string | null }) => c.wave)).toEqual(
      expect.arrayContaining(['baseline', 'endline']),
    );
    expect(page.props.rows.find((r: { key: string }) => r.key === 'meals')).toBeDefined();

    expect((await s.client.delete(`/form-links/${links[0].id}`)).statusCode).toBe(303);
    expect((await publicClient().get(`/f/${links[0].token}`)).statusCode).toBe(404);
    const res = await submit(publicClient(), links[0].token, {
      id: randomUUID(),
      version: 1,
      answers: { meals: '3' },
    });
    expect(res.statusCode).toBe(404);
    const [f] = await t.app.ctx.db.select().from(forms).where(eq(forms.id, survey));
    expect(f.currentVersion).toBe(1);
  });
});

describe('form settings', () => {
  it('a response limit and a close date stop new responses; a retry of a stored one still succeeds', async () => {
    const s = await setup();
    const f = await newForm(s);
    await add(s, f, { key: 'meals', type: 'integer', label: 'Meals a day' });
    await publish(s, f);
    const token = await openToken(f);
    await s.client.put(`/forms/${f}`, { responseLimit: '1', thankYou: 'Asante!' });
    expect(await fieldErrors(s, f)).toEqual({});
    const id = randomUUID();
    const first = await submit(publicClient(), token, { id, version: 1, answers: { meals: 3 } });
    expect(first.json()).toMatchObject({ status: 'created', thankYou: 'Asante!' });
    const full = await submit(publicClient(), token, {
      id: randomUUID(),
      version: 1,
      answers: { meals: 2 },
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toMatch(/received all the responses it takes/);
    expect(
      (await submit(publicClient(), token, { id, version: 1, answers: { meals: 3 } })).statusCode,
    ).toBe(200);

    await s.client.put(`/forms/${f}`, { opensAt: '2026-02-01', closesAt: '2026-01-01' });
    expect((await fieldErrors(s, f)).closesAt).toMatch(/close after it opens/);
    await s.client.put(`/forms/${f}`, {
      responseLimit: '',
      opensAt: '2020-01-01',
      closesAt: '2021-01-01',
    });
    expect(await fieldErrors(s, f)).toEqual({});
    const closed = await submit(publicClient(), token, {
      id: randomUUID(),
      version: 1,
      answers: { meals: 2 },
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toMatch(/This form closed on January 1, 2021/);
    const page = await publicPage(`/f/${token}`);
    expect(page.props!.closed).toEqual({ key: 'closedOn', date: '2021-01-01' });
  });

  it('the public page takes its lang and dir from the form language (Urdu: right to left)', async () => {
    const s = await setup();
    const f = await newForm(s, { name: 'سروے', language: 'ur' });
    await add(s, f, { key: 'age', type: 'integer', label: 'عمر' });
    await publish(s, f);
    const page = await publicPage(`/f/${await openToken(f)}`);
    expect(page.props!.form).toMatchObject({ language: 'ur', dir: 'rtl' });
    expect(page.res.body).toContain('<html lang="ur" dir="rtl">');
  });

  it('an unknown or malformed token answers 404', async () => {
    expect((await publicClient().get('/f/not-a-token')).statusCode).toBe(404);
    expect((await publicClient().get(`/f/${'A'.repeat(43)}`)).statusCode).toBe(404);
    const res = await submit(publicClient(), 'A'.repeat(43), {
      id: randomUUID(),
      version: 1,
      answers: {},
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('add from the theory of change', () => {
  it('links a form question to a survey question of the project, and refuses one of another project', async () => {
    const s = await setup();
    const db = t.app.ctx.db;
    const survey = async (projectId: string) => {
      const [problem] = await db
        .insert(problems)
        .values({ teamId: s.team.id, projectId, title: 'Unsafe water' })
        .returning();
      const [element] = await db
        .insert(tocElements)
        .values({ teamId: s.team.id, problemId: problem.id, kind: 'output', title: 'Wells built' })
        .returning();
      const [metric] = await db
        .insert(metrics)
        .values({
          teamId: s.team.id,
          problemId: problem.id,
          elementId: element.id,
          name: 'Households on wells',
          type: 'count',
          period: 'annual',
        })
        .returning();
      const [dp] = await db
        .insert(dataPoints)
        .values({
          teamId: s.team.id,
          problemId: problem.id,
          metricId: metric.id,
          key: 'value',
          name: 'Households',
        })
        .returning();
      const [sq] = await db
        .insert(surveyQuestions)
        .values({
          teamId: s.team.id,
          problemId: problem.id,
          dataPointId: dp.id,
          text: 'Where do you fetch water?',
          answerType: 'single_choice',
          choices: ['Well water', 'Tap'],
          required: true,
        })
        .returning();
      return sq;
    };
    const own = await survey(s.project.id);
    const [elsewhere] = await db
      .insert(projects)
      .values({ teamId: s.team.id, name: 'Other' })
      .returning();
    const foreign = await survey(elsewhere.id);
    const f = await newForm(s);
    await s.client.post(`/forms/${f}/questions/from-toc`, { surveyQuestionId: foreign.id });
    expect((await fieldErrors(s, f)).surveyQuestionId).toMatch(/this project’s data points/);
    await s.client.post(`/forms/${f}/questions/from-toc`, { surveyQuestionId: own.id });
    const [q] = await db.select().from(formQuestions).where(eq(formQuestions.formId, f));
    expect(q).toMatchObject({
      key: 'where_do_you_fetch_water',
      type: 'single_choice',
      required: true,
      surveyQuestionId: own.id,
      choices: [
        { value: 'well_water', label: 'Well water' },
        { value: 'tap', label: 'Tap' },
      ],
    });
    const page = await s.client.page(`/forms/${f}/fields`);
    expect(page.props.tocQuestions).toEqual([expect.objectContaining({ id: own.id, used: true })]);
    expect(page.props.questions[0].surveyQuestion).toEqual({
      id: own.id,
      text: 'Where do you fetch water?',
    });
  });
});
