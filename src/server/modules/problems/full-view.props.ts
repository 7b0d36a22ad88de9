import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { dataPoints, metrics, surveyQuestions } from '../metrics/read-model.js';
import { groupByLevel, LEVELS, type Level } from '../../../shared/toc/graph.js';
import { parseSub, type FullViewTab } from '../../../shared/problems/problems.js';
import type {
  ChainColumn,
  ElementCounts,
  FullViewProps,
  OutcomeOutputs,
} from '../../../shared/problems/problems.types.js';
import { tocElements, tocLinks } from './problems.tables.js';
import {
  elementsOf,
  linksOf,
  findProblem,
  teamMemberOptions,
  type Queryable,
} from './problems.queries.js';
import { elementRef, elementRows, problemHeader, projectRef } from './elements.props.js';
import { datasetList } from '../sources/index.js';

const LEVEL_LABELS: Record<Level, string> = {
  activity: 'Activities',
  output: 'Outputs',
  'outcome:short': 'Short-term outcomes',
  'outcome:medium': 'Medium-term outcomes',
  'outcome:long': 'Long-term outcomes',
  impact: 'Impact',
};
/** titles per level in the overview's compact chain */
const CHAIN_ITEMS = 6;

async function countsOf(db: Queryable, teamId: string, problemId: string): Promise<ElementCounts> {
  const [byKind, links, m, dp, sq] = await Promise.all([
    db
      .select({ kind: tocElements.kind, horizon: tocElements.horizon, n: count() })
      .from(tocElements)
      .where(and(eq(tocElements.problemId, problemId), eq(tocElements.teamId, teamId)))
      .groupBy(tocElements.kind, tocElements.horizon),
    db
      .select({ n: count() })
      .from(tocLinks)
      .where(and(eq(tocLinks.problemId, problemId), eq(tocLinks.teamId, teamId))),
    db
      .select({ n: count() })
      .from(metrics)
      .where(and(eq(metrics.problemId, problemId), eq(metrics.teamId, teamId))),
    db
      .select({ n: count() })
      .from(dataPoints)
      .where(and(eq(dataPoints.problemId, problemId), eq(dataPoints.teamId, teamId))),
    db
      .select({ n: count() })
      .from(surveyQuestions)
      .where(and(eq(surveyQuestions.problemId, problemId), eq(surveyQuestions.teamId, teamId))),
  ]);
  const c: ElementCounts = {
    activity: 0,
    output: 0,
    outcome: 0,
    outcomeShort: 0,
    outcomeMedium: 0,
    outcomeLong: 0,
    impact: 0,
    links: Number(links[0]?.n ?? 0),
    metrics: Number(m[0]?.n ?? 0),
    dataPoints: Number(dp[0]?.n ?? 0),
    surveyQuestions: Number(sq[0]?.n ?? 0),
  };
  for (const r of byKind) {
    const n = Number(r.n);
    const k = r.kind;
    if (k in c) c[k] += n;
    if (k === 'outcome') {
      if (r.horizon === 'medium') c.outcomeMedium += n;
      else if (r.horizon === 'long') c.outcomeLong += n;
      else c.outcomeShort += n;
    }
  }
  return c;
}

/** The overview's results chain: the first few titles of every level, and how many there are. */
async function chainOf(db: Queryable, teamId: string, problemId: string): Promise<ChainColumn[]> {
  const rows = await db
    .select({
      id: tocElements.id,
      kind: tocElements.kind,
      horizon: tocElements.horizon,
      title: tocElements.title,
      status: tocElements.status,
      position: tocElements.position,
    })
    .from(tocElements)
    .where(and(eq(tocElements.problemId, problemId), eq(tocElements.teamId, teamId)));
  const groups = groupByLevel(rows.map((r) => ({ ...r, kind: r.kind })));
  return LEVELS.map((level) => ({
    level,
    label: LEVEL_LABELS[level],
    total: groups[level].length,
    items: groups[level].slice(0, CHAIN_ITEMS).map(elementRef),
  }));
}

function metricRows(db: Queryable, teamId: string, problemId: string) {
  const dpCount = db
    .select({ metricId: dataPoints.metricId, n: count().as('n') })
    .from(dataPoints)
    .where(and(eq(dataPoints.problemId, problemId), eq(dataPoints.teamId, teamId)))
    .groupBy(dataPoints.metricId)
    .as('dp_count');
  return db
    .select({
      m: metrics,
      e: {
        id: tocElements.id,
        kind: tocElements.kind,
        horizon: tocElements.horizon,
        title: tocElements.title,
        status: tocElements.status,
      },
      n: sql<number>`coalesce(${dpCount.n}, 0)`,
    })
    .from(metrics)
    .innerJoin(tocElements, eq(tocElements.id, metrics.elementId))
    .leftJoin(dpCount, eq(dpCount.metricId, metrics.id))
    .where(and(eq(metrics.problemId, problemId), eq(metrics.teamId, teamId)))
    .orderBy(
      asc(tocElements.kind),
      asc(tocElements.position),
      asc(metrics.position),
      asc(metrics.name),
    );
}

function dataPointRows(db: Queryable, teamId: string, problemId: string) {
  const qCount = db
    .select({ dataPointId: surveyQuestions.dataPointId, n: count().as('n') })
    .from(surveyQuestions)
    .where(and(eq(surveyQuestions.problemId, problemId), eq(surveyQuestions.teamId, teamId)))
    .groupBy(surveyQuestions.dataPointId)
    .as('q_count');
  return db
    .select({
      d: dataPoints,
      metric: { id: metrics.id, name: metrics.name },
      e: {
        id: tocElements.id,
        kind: tocElements.kind,
        horizon: tocElements.horizon,
        title: tocElements.title,
        status: tocElements.status,
      },
      n: sql<number>`coalesce(${qCount.n}, 0)`,
    })
    .from(dataPoints)
    .innerJoin(metrics, eq(metrics.id, dataPoints.metricId))
    .innerJoin(tocElements, eq(tocElements.id, metrics.elementId))
    .leftJoin(qCount, eq(qCount.dataPointId, dataPoints.id))
    .where(and(eq(dataPoints.problemId, problemId), eq(dataPoints.teamId, teamId)))
    .orderBy(
      asc(tocElements.kind),
      asc(tocElements.position),
      asc(metrics.position),
      asc(dataPoints.position),
      asc(dataPoints.name),
    );
}

function surveyQuestionRows(db: Queryable, teamId: string, problemId: string) {
  return db
    .select({
      q: surveyQuestions,
      dataPoint: { id: dataPoints.id, name: dataPoints.name },
      metric: { id: metrics.id, name: metrics.name },
      e: {
        id: tocElements.id,
        kind: tocElements.kind,
        horizon: tocElements.horizon,
        title: tocElements.title,
        status: tocElements.status,
      },
    })
    .from(surveyQuestions)
    .innerJoin(dataPoints, eq(dataPoints.id, surveyQuestions.dataPointId))
    .innerJoin(metrics, eq(metrics.id, dataPoints.metricId))
    .innerJoin(tocElements, eq(tocElements.id, metrics.elementId))
    .where(and(eq(surveyQuestions.problemId, problemId), eq(surveyQuestions.teamId, teamId)))
    .orderBy(
      asc(tocElements.kind),
      asc(tocElements.position),
      asc(metrics.position),
      asc(dataPoints.position),
      asc(surveyQuestions.position),
    );
}

/**
 * Props of the problem full view: the header, counts per level and ONLY the active tab's data.
 * A fixed number of queries whatever the size of the theory of change (no query per element).
 */
export async function problemFullViewProps(
  ctx: Pick<AppContext, 'db'>,
  teamId: string,
  problemId: unknown,
  tab: FullViewTab,
  subInput?: unknown,
): Promise<FullViewProps> {
  const db = ctx.db;
  const { problem, trail } = await findProblem(db, teamId, problemId);
  const project = trail.project;
  const sub = parseSub(tab, subInput);
  const props: FullViewProps = {
    problem: problemHeader(problem),
    project: projectRef(project),
    counts: await countsOf(db, teamId, problem.id),
    tab,
    sub,
  };
  switch (tab) {
    case 'overview':
      // members: the owner picker of "Add the first activity"
      [props.chain, props.members] = await Promise.all([
        chainOf(db, teamId, problem.id),
        teamMemberOptions(db, teamId),
      ]);
      break;
    case 'activities':
    case 'outputs':
    case 'outcomes': {
      const [elements, links, members] = await Promise.all([
        elementsOf(db, teamId, problem.id),
        linksOf(db, teamId, problem.id),
        teamMemberOptions(db, teamId),
      ]);
      const rows = await elementRows(db, teamId, problem.id, { elements, links });
      props.members = members;
      if (tab === 'activities') props.elements = rows.filter((r) => r.kind === 'activity');
      else if (tab === 'outputs') props.elements = rows.filter((r) => r.kind === 'output');
      else {
        const inSub = (r: (typeof rows)[number]) =>
          sub === 'impact'
            ? r.kind === 'impact'
            : sub === 'all'
              ? r.kind === 'outcome' || r.kind === 'impact'
              : r.kind === 'outcome' && (r.horizon ?? 'short') === sub;
        props.elements = rows.filter(inSub);
        props.outcomeOutputs = rows
          .filter((r) => r.kind === 'outcome' && inSub(r))
          .map((r): OutcomeOutputs => ({
            outcome: {
              id: r.id,
              kind: r.kind,
              horizon: r.horizon,
              title: r.title,
              status: r.status,
            },
            outputs: r.from.filter((f) => f.kind === 'output'),
          }));
      }
      break;
    }
    case 'metrics': {
      const rows = await metricRows(db, teamId, problem.id);
      props.metrics = rows
        .filter((r) => sub === 'all' || r.e.kind === sub)
        .map((r) => ({
          id: r.m.id,
          name: r.m.name,
          unit: r.m.unit,
          type: r.m.type,
          period: r.m.period,
          baselineValue: r.m.baselineValue,
          standardRef: r.m.standardRef,
          dataPointCount: Number(r.n),
          element: elementRef(r.e),
        }));
      break;
    }
    case 'data-points':
      props.dataPoints = (await dataPointRows(db, teamId, problem.id)).map((r) => ({
        id: r.d.id,
        key: r.d.key,
        name: r.d.name,
        measurement: r.d.measurement,
        aggregation: r.d.aggregation,
        starred: r.d.starred,
        questionCount: Number(r.n),
        metric: r.metric,
        element: elementRef(r.e),
      }));
      break;
    case 'survey-questions':
      props.surveyQuestions = (await surveyQuestionRows(db, teamId, problem.id)).map((r) => ({
        id: r.q.id,
        text: r.q.text,
        answerType: r.q.answerType,
        required: r.q.required,
        choices: r.q.choices,
        dataPoint: r.dataPoint,
        metric: r.metric,
        element: elementRef(r.e),
      }));
      break;
    case 'sources':
      props.sources = await datasetList(db, teamId, project.id);
      break;
    default:
      // integrations, insights, learnings: later issues; the page explains what will appear
      break;
  }
  return props;
}
