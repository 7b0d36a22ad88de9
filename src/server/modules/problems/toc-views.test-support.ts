import type { Db } from '../../platform/db/client.js';
import { projects } from '../projects/read-model.js';
import { dataPoints, metrics, surveyQuestions } from '../metrics/read-model.js';
import { problems, tocElements, tocLinks } from './problems.tables.js';
import type { ElementKind, OutcomeHorizon } from '../../../shared/toc/vocabulary.js';

/**
 * Rows straight in the database for the diagram/table/playground tests, e2e and bench (no
 * dependency on the problems module's routes). `size` elements spread over the levels like a real
 * theory of change: 40% activities, 30% outputs, 24% outcomes (three horizons), the rest impact.
 */
export async function seedTheoryOfChange(
  db: Db,
  o: {
    teamId: string;
    projectName?: string;
    problemTitle?: string;
    size?: number;
    metricsPerElement?: number;
    prefix?: string;
  },
) {
  const size = o.size ?? 12;
  const prefix = o.prefix ?? '';
  const [project] = await db
    .insert(projects)
    .values({ teamId: o.teamId, name: o.projectName ?? `${prefix}Girls' education programme` })
    .returning({ id: projects.id });
  const [problem] = await db
    .insert(problems)
    .values({
      teamId: o.teamId,
      projectId: project.id,
      title: o.problemTitle ?? `${prefix}Girls drop out of secondary school`,
      status: 'active',
    })
    .returning({ id: problems.id });
  const nImpact = Math.max(1, Math.round(size * 0.06));
  const nOutcome = Math.max(1, Math.round(size * 0.24));
  const nOutput = Math.max(1, Math.round(size * 0.3));
  const nActivity = Math.max(1, size - nImpact - nOutcome - nOutput);
  const statuses = ['planned', 'in_progress', 'done', 'at_risk'] as const;
  const horizons = ['short', 'medium', 'long'] as const;
  const rows: Array<typeof tocElements.$inferInsert> = [];
  const add = (
    kind: ElementKind,
    n: number,
    title: (i: number) => string,
    horizon?: (i: number) => OutcomeHorizon,
  ) => {
    for (let i = 0; i < n; i++)
      rows.push({
        teamId: o.teamId,
        problemId: problem.id,
        kind,
        horizon: horizon ? horizon(i) : null,
        title: title(i),
        status: statuses[(rows.length * 7) % 4],
        position: i,
      });
  };
  add(
    'activity',
    nActivity,
    (i) =>
      `${prefix}${['Train teachers in gender-responsive pedagogy', 'Run community sessions with parents', 'Distribute bursaries to girls', 'Build separate latrines'][i % 4]}${i >= 4 ? ` #${i + 1}` : ''}`,
  );
  add(
    'output',
    nOutput,
    (i) =>
      `${prefix}${['Teachers trained', 'Parents reached', 'Bursaries paid', 'Latrines in use'][i % 4]}${i >= 4 ? ` #${i + 1}` : ''}`,
  );
  add(
    'outcome',
    nOutcome,
    (i) =>
      `${prefix}${['Girls attend school regularly', 'Parents support girls’ education', 'Girls feel safe at school'][i % 3]}${i >= 3 ? ` #${i + 1}` : ''}`,
    (i) => horizons[i % 3],
  );
  add(
    'impact',
    nImpact,
    (i) => `${prefix}More girls complete secondary school${i ? ` #${i + 1}` : ''}`,
  );
  const elements = await db
    .insert(tocElements)
    .values(rows)
    .returning({ id: tocElements.id, kind: tocElements.kind, horizon: tocElements.horizon });
  const by = (k: string, h?: string) =>
    elements.filter((e) => e.kind === k && (h === undefined || e.horizon === h));
  const acts = by('activity');
  const outs = by('output');
  const short = by('outcome', 'short');
  const medium = by('outcome', 'medium');
  const long = by('outcome', 'long');
  const impact = by('impact');
  const links: Array<typeof tocLinks.$inferInsert> = [];
  const link = (from: { id: string }[], to: { id: string }[], fan = 1) => {
    if (!to.length) return;
    from.forEach((f, i) => {
      for (let k = 0; k < fan; k++)
        links.push({
          teamId: o.teamId,
          problemId: problem.id,
          fromId: f.id,
          toId: to[(i + k * 3) % to.length].id,
          assumptions: k === 0 && i === 0 ? 'Schools release teachers for training' : null,
        });
    });
  };
  link(acts, outs);
  link(outs, short.length ? short : medium, Math.min(2, short.length || medium.length || 1));
  link(short, medium.length ? medium : long.length ? long : impact);
  link(medium, long.length ? long : impact);
  link(long, impact);
  const seen = new Set<string>();
  const unique = links.filter(
    (l) => !seen.has(`${l.fromId}>${l.toId}`) && seen.add(`${l.fromId}>${l.toId}`),
  );
  if (unique.length) await db.insert(tocLinks).values(unique);
  const perElement = o.metricsPerElement ?? 1;
  const metricRows: Array<typeof metrics.$inferInsert> = [];
  for (const e of [...outs, ...short].slice(0, Math.max(3, Math.round(size / 4)))) {
    for (let k = 0; k < perElement; k++)
      metricRows.push({
        teamId: o.teamId,
        problemId: problem.id,
        elementId: e.id,
        name: `${prefix}${['Number of teachers trained', 'Attendance rate of girls', 'Share of parents supporting'][metricRows.length % 3]} (${metricRows.length + 1})`,
        unit: k % 2 ? '%' : 'people',
        type: k % 2 ? 'percentage' : 'count',
        baselineValue: 10 + metricRows.length,
        period: 'quarterly',
      });
  }
  const metricIds = metricRows.length
    ? await db.insert(metrics).values(metricRows).returning({ id: metrics.id })
    : [];
  const pointRows: Array<typeof dataPoints.$inferInsert> = metricIds.map((m, i) => ({
    teamId: o.teamId,
    problemId: problem.id,
    metricId: m.id,
    key: `count_${i}`,
    name: `${prefix}Girls counted in register (${i + 1})`,
    aggregation: 'sum',
    starred: i % 2 === 0,
  }));
  const points = pointRows.length
    ? await db.insert(dataPoints).values(pointRows).returning({ id: dataPoints.id })
    : [];
  if (points.length)
    await db.insert(surveyQuestions).values({
      teamId: o.teamId,
      problemId: problem.id,
      dataPointId: points[0].id,
      text: `${prefix}How many days did your daughter attend school last week?`,
      answerType: 'integer',
    });
  return {
    projectId: project.id,
    problemId: problem.id,
    elementIds: elements.map((e) => e.id),
    metricIds: metricIds.map((m) => m.id),
    dataPointIds: points.map((p) => p.id),
    linkCount: unique.length,
  };
}
