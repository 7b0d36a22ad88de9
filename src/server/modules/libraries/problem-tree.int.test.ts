import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser } from '../../../../test/helpers/auth.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import { projects } from '../projects/read-model.js';
import { problems, tocElements, tocLinks } from '../problems/read-model.js';
import { dataPoints, metrics, metricTargets, surveyQuestions } from '../metrics/read-model.js';
import {
  problemTemplateSchema,
  strategyTemplateSchema,
  type ProblemTemplate,
} from '../../../shared/toc/template.schemas.js';
import {
  materializeProblem,
  materializeStrategy,
  serializeProblem,
  SHIPPED_LIBRARY,
} from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function teamWithProject() {
  const user = await createUser(t.app);
  const team = await createTeamFor(t.app, user.id);
  const [project] = await t.app.ctx.db
    .insert(projects)
    .values({ teamId: team.id, name: 'Programme' })
    .returning();
  return { user, team, project: project! };
}

const shippedProblem = SHIPPED_LIBRARY.find((e) => e.kind === 'problem')!.template;
const shippedStrategy = SHIPPED_LIBRARY.find((e) => e.kind === 'strategy')!.template;

/** Drop nulls and rename refs by position, so two templates compare by content only. */
function normalise(tpl: ProblemTemplate) {
  const refs = new Map(tpl.elements.map((e, i) => [e.ref, `e${i}`]));
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v)
          .filter(([, x]) => x !== null && x !== undefined)
          .map(([k, x]) => [k, strip(x)]),
      );
    return v;
  };
  return strip({
    ...tpl,
    elements: tpl.elements.map((e) => ({ ...e, ref: refs.get(e.ref) })),
    links: tpl.links
      .map((l) => ({ ...l, from: refs.get(l.from)!, to: refs.get(l.to)! }))
      .sort(
        (a, b) =>
          Number(a.from.slice(1)) - Number(b.from.slice(1)) ||
          Number(a.to.slice(1)) - Number(b.to.slice(1)),
      ),
  });
}

const counts = async (problemId: string) => {
  const db = t.app.ctx.db;
  const n = async (
    table:
      | typeof tocElements
      | typeof tocLinks
      | typeof metrics
      | typeof dataPoints
      | typeof surveyQuestions,
  ) => (await db.select().from(table).where(eq(table.problemId, problemId))).length;
  return {
    elements: await n(tocElements),
    links: await n(tocLinks),
    metrics: await n(metrics),
    dataPoints: await n(dataPoints),
    questions: await n(surveyQuestions),
  };
};

describe('materializeProblem / serializeProblem', () => {
  it('round-trips: serialize(materialize(t)) equals the parsed template', async () => {
    const { user, team, project } = await teamWithProject();
    const problemId = await t.app.ctx.db.transaction((tx) =>
      materializeProblem(tx, {
        teamId: team.id,
        projectId: project.id,
        userId: user.id,
        template: shippedProblem,
        libraryItemId: 'girls-secondary-completion',
      }),
    );
    const back = await serializeProblem(t.app.ctx.db, team.id, problemId);
    expect(problemTemplateSchema.parse(back)).toBeTruthy();
    expect(normalise(back)).toEqual(normalise(problemTemplateSchema.parse(shippedProblem)));
    const [row] = await t.app.ctx.db.select().from(problems).where(eq(problems.id, problemId));
    expect(row).toMatchObject({
      libraryItemId: 'girls-secondary-completion',
      projectId: project.id,
      teamId: team.id,
      createdBy: user.id,
    });
    // a survey-question data point is bound to its first question
    const [dp] = await t.app.ctx.db
      .select()
      .from(dataPoints)
      .where(and(eq(dataPoints.problemId, problemId), eq(dataPoints.key, 'regular_members')));
    const [q] = await t.app.ctx.db
      .select()
      .from(surveyQuestions)
      .where(eq(surveyQuestions.dataPointId, dp!.id));
    expect(dp!.binding).toEqual({ kind: 'survey_question', questionId: q!.id });
  });

  it('carries currencies, custom periods, conditions, filters and link risks through a copy', async () => {
    const { user, team, project } = await teamWithProject();
    const tpl = problemTemplateSchema.parse({
      problem: { title: 'Savings groups' },
      elements: [
        { ref: 'a', kind: 'activity', title: 'Train groups' },
        {
          ref: 'o',
          kind: 'output',
          title: 'Groups saving',
          metrics: [
            {
              name: 'Savings mobilised',
              type: 'currency',
              currency: 'KES',
              period: 'custom',
              customPeriods: [
                { key: 'cycle-1', label: 'Cycle 1', start: '2026-01-01', end: '2026-09-30' },
              ],
              dataPoints: [
                {
                  key: 'members_saving',
                  name: 'Members saving',
                  aggregation: 'percent_meeting',
                  condition: { field: 'saved', op: 'gt', value: 0 },
                  filter: [{ field: 'active', op: 'eq', value: true }],
                },
              ],
            },
          ],
        },
      ],
      links: [{ from: 'a', to: 'o', assumptions: 'Members attend', risks: 'Drought cuts incomes' }],
    });
    const problemId = await t.app.ctx.db.transaction((tx) =>
      materializeProblem(tx, {
        teamId: team.id,
        projectId: project.id,
        userId: user.id,
        template: tpl,
      }),
    );
    const back = await serializeProblem(t.app.ctx.db, team.id, problemId);
    const metric = back.elements[1]!.metrics[0]!;
    expect(metric).toMatchObject({
      currency: 'KES',
      customPeriods: [{ key: 'cycle-1', label: 'Cycle 1', start: '2026-01-01', end: '2026-09-30' }],
    });
    expect(metric.dataPoints[0]).toMatchObject({
      condition: { field: 'saved', op: 'gt', value: 0 },
      filter: [{ field: 'active', op: 'eq', value: true }],
    });
    expect(back.links[0]).toMatchObject({
      assumptions: 'Members attend',
      risks: 'Drought cuts incomes',
    });
  });

  it('leaves baselines and targets out unless asked', async () => {
    const { user, team, project } = await teamWithProject();
    const tpl = problemTemplateSchema.parse(shippedProblem);
    tpl.elements[0]!.metrics[0] = {
      ...tpl.elements[0]!.metrics[0]!,
      baselineValue: 12,
      baselineDate: '2026-01-01',
      targets: [{ period: '2026-Q1', value: 40 }],
    };
    const problemId = await t.app.ctx.db.transaction((tx) =>
      materializeProblem(tx, {
        teamId: team.id,
        projectId: project.id,
        userId: user.id,
        template: tpl,
      }),
    );
    const plain = await serializeProblem(t.app.ctx.db, team.id, problemId);
    expect(plain.elements[0]!.metrics[0]).not.toHaveProperty('baselineValue');
    expect(plain.elements[0]!.metrics[0]!.targets).toEqual([]);
    const full = await serializeProblem(t.app.ctx.db, team.id, problemId, {
      includeBaselines: true,
    });
    expect(full.elements[0]!.metrics[0]).toMatchObject({
      baselineValue: 12,
      baselineDate: '2026-01-01',
      targets: [{ period: '2026-Q1', value: 40 }],
    });
  });

  it('a copy is deep and independent of its source, both ways', async () => {
    const { user, team, project } = await teamWithProject();
    const db = t.app.ctx.db;
    const source = await db.transaction((tx) =>
      materializeProblem(tx, {
        teamId: team.id,
        projectId: project.id,
        userId: user.id,
        template: shippedProblem,
      }),
    );
    const copy = await db.transaction(async (tx) =>
      materializeProblem(tx, {
        teamId: team.id,
        projectId: project.id,
        userId: user.id,
        template: await serializeProblem(tx, team.id, source),
      }),
    );
    const before = await counts(source);
    expect(await counts(copy)).toEqual(before);
    // no shared rows
    const ids = async (p: string) =>
      new Set(
        (
          await db
            .select({ id: tocElements.id })
            .from(tocElements)
            .where(eq(tocElements.problemId, p))
        ).map((r) => r.id),
      );
    const a = await ids(source);
    for (const id of await ids(copy)) expect(a.has(id)).toBe(false);
    // editing the copy leaves the source untouched
    await db
      .update(metrics)
      .set({ name: 'Changed in the copy' })
      .where(eq(metrics.problemId, copy));
    expect((await serializeProblem(db, team.id, source)).elements[0]!.metrics[0]!.name).toBe(
      'Girls receiving a bursary',
    );
    // deleting the source leaves the copy whole
    await db.delete(problems).where(eq(problems.id, source));
    expect(await counts(copy)).toEqual(before);
    expect(await counts(source)).toEqual({
      elements: 0,
      links: 0,
      metrics: 0,
      dataPoints: 0,
      questions: 0,
    });
  });

  it('refuses a project of another team (404), bad links and cycles (field errors), and writes nothing', async () => {
    const a = await teamWithProject();
    const b = await teamWithProject();
    await expect(
      t.app.ctx.db.transaction((tx) =>
        materializeProblem(tx, {
          teamId: a.team.id,
          projectId: b.project.id,
          userId: a.user.id,
          template: shippedProblem,
        }),
      ),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      serializeProblem(t.app.ctx.db, a.team.id, '00000000-0000-4000-8000-000000000000'),
    ).rejects.toMatchObject({ status: 404 });
    const base = problemTemplateSchema.parse(shippedProblem);
    const wrongLevel = { ...base, links: [...base.links, { from: 'bursaries', to: 'impact' }] };
    await expect(
      t.app.ctx.db.transaction((tx) =>
        materializeProblem(tx, {
          teamId: a.team.id,
          projectId: a.project.id,
          userId: a.user.id,
          template: wrongLevel,
        }),
      ),
    ).rejects.toMatchObject({
      status: 422,
      fields: { [`links.${base.links.length}.to`]: 'An activity cannot lead to an impact.' },
    });
    const cycle = {
      ...base,
      elements: [
        ...base.elements,
        { ref: 'loop', kind: 'outcome' as const, title: 'Loop', metrics: [] },
      ],
      links: [
        ...base.links,
        { from: 'completion', to: 'loop' },
        { from: 'loop', to: 'attendance' },
      ],
    };
    await expect(
      t.app.ctx.db.transaction((tx) =>
        materializeProblem(tx, {
          teamId: a.team.id,
          projectId: a.project.id,
          userId: a.user.id,
          template: cycle,
        }),
      ),
    ).rejects.toMatchObject({ fields: { links: 'The links form a cycle.' } });
    const unknownRef = { ...base, links: [{ from: 'nope', to: 'impact' }] };
    await expect(
      t.app.ctx.db.transaction((tx) =>
        materializeProblem(tx, {
          teamId: a.team.id,
          projectId: a.project.id,
          userId: a.user.id,
          template: unknownRef,
        }),
      ),
    ).rejects.toMatchObject({ fields: { 'links.0.from': expect.stringContaining('nope') } });
    expect(
      await t.app.ctx.db.select().from(problems).where(eq(problems.teamId, a.team.id)),
    ).toHaveLength(0);
  });

  it('handles a large tree with a few bulk inserts', async () => {
    const { user, team, project } = await teamWithProject();
    const elements: ProblemTemplate['elements'] = [];
    const links: ProblemTemplate['links'] = [];
    for (let i = 0; i < 600; i++) {
      elements.push({
        ref: `a${i}`,
        kind: 'activity',
        title: `Activity ${i}`,
        metrics: [
          {
            name: `M${i}`,
            type: 'count',
            direction: 'increase',
            period: 'quarterly',
            disaggregations: [],
            targets: [],
            dataPoints: [
              {
                key: 'n',
                name: 'N',
                measurement: 'manual',
                aggregation: 'sum',
                starred: false,
                questions: [],
              },
            ],
          },
        ],
      });
      elements.push({ ref: `o${i}`, kind: 'output', title: `Output ${i}`, metrics: [] });
      links.push({ from: `a${i}`, to: `o${i}` });
    }
    const problemId = await t.app.ctx.db.transaction((tx) =>
      materializeProblem(tx, {
        teamId: team.id,
        projectId: project.id,
        userId: user.id,
        template: { problem: { title: 'Big' }, elements, links },
      }),
    );
    expect(await counts(problemId)).toEqual({
      elements: 1200,
      links: 600,
      metrics: 600,
      dataPoints: 600,
      questions: 0,
    });
  });
});

describe('materializeStrategy', () => {
  it('adds activities and outputs with their metrics after the existing elements', async () => {
    const { user, team, project } = await teamWithProject();
    const db = t.app.ctx.db;
    const problemId = await db.transaction((tx) =>
      materializeProblem(tx, {
        teamId: team.id,
        projectId: project.id,
        userId: user.id,
        template: shippedProblem,
      }),
    );
    const before = await counts(problemId);
    const ids = await db.transaction((tx) =>
      materializeStrategy(tx, { teamId: team.id, problemId, template: shippedStrategy }),
    );
    const strategy = strategyTemplateSchema.parse(shippedStrategy);
    expect(ids).toHaveLength(strategy.elements.length);
    const after = await counts(problemId);
    const strategyMetrics = strategy.elements.reduce((n, e) => n + e.metrics.length, 0);
    expect(after).toMatchObject({
      elements: before.elements + strategy.elements.length,
      links: before.links + strategy.links.length,
      metrics: before.metrics + strategyMetrics,
    });
    const added = await db.select().from(tocElements).where(eq(tocElements.id, ids[0]!));
    const activitiesBefore = problemTemplateSchema
      .parse(shippedProblem)
      .elements.filter((e) => e.kind === 'activity').length;
    expect(added[0]).toMatchObject({
      kind: 'activity',
      title: 'Form and train savings groups',
      position: activitiesBefore,
      problemId,
    });
    // into another team's problem: 404
    const other = await teamWithProject();
    await expect(
      db.transaction((tx) =>
        materializeStrategy(tx, { teamId: other.team.id, problemId, template: shippedStrategy }),
      ),
    ).rejects.toMatchObject({ status: 404 });
    // a strategy holds activities and outputs only
    await expect(
      db.transaction((tx) =>
        materializeStrategy(tx, {
          teamId: team.id,
          problemId,
          template: { elements: [{ ref: 'x', kind: 'impact', title: 'No' }] },
        }),
      ),
    ).rejects.toMatchObject({ status: 422 });
    expect(
      await db.select().from(metricTargets).where(eq(metricTargets.teamId, team.id)),
    ).toHaveLength(0);
  });
});
