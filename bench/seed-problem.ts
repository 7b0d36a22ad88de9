import type { Db } from '../src/server/platform/db/client.js';
import { projects } from '../src/server/modules/projects/projects.tables.js';
import { problems, tocElements, tocLinks } from '../src/server/modules/problems/problems.tables.js';
import { dataPoints, metrics } from '../src/server/modules/metrics/metrics.tables.js';
import {
  OUTCOME_HORIZONS,
  type ElementKind,
  type OutcomeHorizon,
} from '../src/shared/toc/vocabulary.js';

/**
 * A problem with `n` theory-of-change elements shaped like a real one (about 25% activities,
 * 30% outputs, 40% outcomes over three horizons, the rest impact), each activity feeding two
 * outputs, each output two outcomes, outcomes feeding the next horizon or the impact; one metric
 * with one data point on every output and outcome. Bulk inserts, so 2,000 elements take a second.
 */
export async function seedProblem(
  db: Db,
  opts: { teamId: string; userId: string; n: number; projectId?: string },
) {
  const projectId =
    opts.projectId ??
    (
      await db
        .insert(projects)
        .values({ teamId: opts.teamId, name: `Bench project ${opts.n}`, createdBy: opts.userId })
        .returning({ id: projects.id })
    )[0].id;
  const [problem] = await db
    .insert(problems)
    .values({
      teamId: opts.teamId,
      projectId,
      title: `Bench problem with ${opts.n} elements`,
      status: 'active',
      createdBy: opts.userId,
    })
    .returning({ id: problems.id });
  const counts = {
    activity: Math.max(1, Math.round(opts.n * 0.25)),
    output: Math.max(1, Math.round(opts.n * 0.3)),
    impact: Math.max(1, Math.round(opts.n * 0.05)),
  };
  const outcomeCount = Math.max(1, opts.n - counts.activity - counts.output - counts.impact);
  const rows: Array<typeof tocElements.$inferInsert> = [];
  const add = (kind: ElementKind, i: number, horizon: OutcomeHorizon | null = null) =>
    rows.push({
      teamId: opts.teamId,
      problemId: problem.id,
      kind,
      horizon,
      title: `${kind} ${i + 1}`,
      description: `The ${kind} number ${i + 1} of the bench problem.`,
      position: i,
    });
  for (let i = 0; i < counts.activity; i++) add('activity', i);
  for (let i = 0; i < counts.output; i++) add('output', i);
  for (let i = 0; i < outcomeCount; i++)
    add('outcome', i, OUTCOME_HORIZONS[Math.floor((i * 3) / outcomeCount)]);
  for (let i = 0; i < counts.impact; i++) add('impact', i);
  const inserted: Array<{ id: string; kind: string; horizon: string | null }> = [];
  for (let i = 0; i < rows.length; i += 500) {
    inserted.push(
      ...(await db
        .insert(tocElements)
        .values(rows.slice(i, i + 500))
        .returning({ id: tocElements.id, kind: tocElements.kind, horizon: tocElements.horizon })),
    );
  }
  const of = (kind: string, horizon?: string) =>
    inserted.filter((e) => e.kind === kind && (horizon === undefined || e.horizon === horizon));
  const acts = of('activity');
  const outs = of('output');
  const shortO = of('outcome', 'short');
  const medO = of('outcome', 'medium');
  const longO = of('outcome', 'long');
  const impacts = of('impact');
  const links = new Map<string, { fromId: string; toId: string }>();
  const link = (from: Array<{ id: string }>, to: Array<{ id: string }>) => {
    if (!to.length) return;
    from.forEach((f, i) => {
      for (const j of [i, i + 1]) {
        const t = to[Math.floor((j * to.length) / Math.max(1, from.length)) % to.length];
        links.set(`${f.id}>${t.id}`, { fromId: f.id, toId: t.id });
      }
    });
  };
  link(acts, outs);
  link(outs, shortO.length ? shortO : medO.length ? medO : longO.length ? longO : impacts);
  link(shortO, medO.length ? medO : longO.length ? longO : impacts);
  link(medO, longO.length ? longO : impacts);
  link(longO, impacts);
  const linkRows = [...links.values()].map((l) => ({
    teamId: opts.teamId,
    problemId: problem.id,
    ...l,
  }));
  for (let i = 0; i < linkRows.length; i += 1000)
    await db.insert(tocLinks).values(linkRows.slice(i, i + 1000));
  const measured = [...outs, ...shortO, ...medO, ...longO];
  const metricRows: Array<typeof metrics.$inferInsert> = measured.map((e, i) => ({
    teamId: opts.teamId,
    problemId: problem.id,
    elementId: e.id,
    name: `Metric of ${e.kind} ${i + 1}`,
    type: 'count',
    unit: 'people',
  }));
  const metricIds: string[] = [];
  for (let i = 0; i < metricRows.length; i += 500)
    metricIds.push(
      ...(
        await db
          .insert(metrics)
          .values(metricRows.slice(i, i + 500))
          .returning({ id: metrics.id })
      ).map((m) => m.id),
    );
  const dpRows = metricIds.map((metricId) => ({
    teamId: opts.teamId,
    problemId: problem.id,
    metricId,
    key: 'value',
    name: 'Value',
    starred: true,
  }));
  for (let i = 0; i < dpRows.length; i += 500)
    await db.insert(dataPoints).values(dpRows.slice(i, i + 500));
  return {
    projectId,
    problemId: problem.id,
    elements: inserted.length,
    links: linkRows.length,
    metrics: metricIds.length,
  };
}
