import { and, asc, eq, ilike, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { escapeLike } from '../../platform/http/table-query.js';
import type { RouteName } from '../../../shared/route.js';
import { ELEMENT_KIND_LABELS } from '../../../shared/toc/vocabulary.js';
import {
  rankResults,
  SEARCH_LIMIT,
  type SearchResult,
  type SearchType,
} from '../../../shared/playground/playground.schemas.js';
import { projects } from '../projects/read-model.js';
import { problems, tocElements } from '../problems/read-model.js';
import { dataPoints, metrics, surveyQuestions } from '../metrics/read-model.js';

/** route name and parameter of each result type's page */
const PAGES: Record<SearchType, { name: RouteName; param: string }> = {
  project: { name: 'projects.show', param: 'project' },
  problem: { name: 'problems.show', param: 'problem' },
  element: { name: 'elements.show', param: 'element' },
  metric: { name: 'metrics.show', param: 'metric' },
  data_point: { name: 'data-points.show', param: 'dataPoint' },
  survey_question: { name: 'survey-questions.show', param: 'surveyQuestion' },
};

const SEP = ' › ';

/**
 * Search everything of one team by title (name, question text): ILIKE with the user's % and _
 * taken literally, each type ordered by match quality and capped, then ranked into one list.
 * One query per requested type, every table (and every joined table) scoped to the team.
 */
export async function searchTeam(
  ctx: AppContext,
  teamId: string,
  q: string,
  kinds: readonly SearchType[],
): Promise<SearchResult[]> {
  if (!q.trim()) return [];
  const needle = escapeLike(q.trim());
  const anywhere = `%${needle}%`;
  const prefix = `${needle}%`;
  const url = (type: SearchType, id: string) => {
    const p = PAGES[type];
    return ctx.routes.url(p.name, { [p.param]: id });
  };
  // best first: prefix matches, then shorter titles, then A-Z
  const ranked = (c: Column | SQL) => [
    asc(sql`case when ${c} ilike ${prefix} then 0 else 1 end`),
    asc(sql`length(${c})`),
    asc(c),
  ];
  const want = new Set(kinds);
  const out: SearchResult[] = [];
  const db = ctx.db;

  if (want.has('project')) {
    const rows = await db
      .select({ id: projects.id, title: projects.name, status: projects.status })
      .from(projects)
      .where(and(eq(projects.teamId, teamId), ilike(projects.name, anywhere)))
      .orderBy(...ranked(projects.name))
      .limit(SEARCH_LIMIT);
    for (const r of rows)
      out.push({
        type: 'project',
        id: r.id,
        title: r.title,
        subtitle: r.status === 'archived' ? 'Project (archived)' : 'Project',
        url: url('project', r.id),
      });
  }
  if (want.has('problem')) {
    const rows = await db
      .select({ id: problems.id, title: problems.title, project: projects.name })
      .from(problems)
      .innerJoin(projects, and(eq(projects.id, problems.projectId), eq(projects.teamId, teamId)))
      .where(and(eq(problems.teamId, teamId), ilike(problems.title, anywhere)))
      .orderBy(...ranked(problems.title))
      .limit(SEARCH_LIMIT);
    for (const r of rows)
      out.push({
        type: 'problem',
        id: r.id,
        title: r.title,
        subtitle: r.project,
        url: url('problem', r.id),
      });
  }
  if (want.has('element')) {
    const rows = await db
      .select({
        id: tocElements.id,
        title: tocElements.title,
        kind: tocElements.kind,
        problem: problems.title,
        project: projects.name,
      })
      .from(tocElements)
      .innerJoin(problems, and(eq(problems.id, tocElements.problemId), eq(problems.teamId, teamId)))
      .innerJoin(projects, and(eq(projects.id, problems.projectId), eq(projects.teamId, teamId)))
      .where(and(eq(tocElements.teamId, teamId), ilike(tocElements.title, anywhere)))
      .orderBy(...ranked(tocElements.title))
      .limit(SEARCH_LIMIT);
    for (const r of rows)
      out.push({
        type: 'element',
        id: r.id,
        title: r.title,
        subtitle: `${ELEMENT_KIND_LABELS[r.kind] ?? r.kind} in ${r.project}${SEP}${r.problem}`,
        url: url('element', r.id),
      });
  }
  if (want.has('metric')) {
    const rows = await db
      .select({
        id: metrics.id,
        title: metrics.name,
        element: tocElements.title,
        problem: problems.title,
      })
      .from(metrics)
      .innerJoin(
        tocElements,
        and(eq(tocElements.id, metrics.elementId), eq(tocElements.teamId, teamId)),
      )
      .innerJoin(problems, and(eq(problems.id, metrics.problemId), eq(problems.teamId, teamId)))
      .where(
        and(
          eq(metrics.teamId, teamId),
          or(ilike(metrics.name, anywhere), ilike(metrics.standardRef, anywhere)),
        ),
      )
      .orderBy(...ranked(metrics.name))
      .limit(SEARCH_LIMIT);
    for (const r of rows)
      out.push({
        type: 'metric',
        id: r.id,
        title: r.title,
        subtitle: `${r.problem}${SEP}${r.element}`,
        url: url('metric', r.id),
      });
  }
  if (want.has('data_point')) {
    const rows = await db
      .select({
        id: dataPoints.id,
        title: dataPoints.name,
        metric: metrics.name,
        problem: problems.title,
      })
      .from(dataPoints)
      .innerJoin(metrics, and(eq(metrics.id, dataPoints.metricId), eq(metrics.teamId, teamId)))
      .innerJoin(problems, and(eq(problems.id, dataPoints.problemId), eq(problems.teamId, teamId)))
      .where(
        and(
          eq(dataPoints.teamId, teamId),
          or(ilike(dataPoints.name, anywhere), ilike(dataPoints.key, anywhere)),
        ),
      )
      .orderBy(...ranked(dataPoints.name))
      .limit(SEARCH_LIMIT);
    for (const r of rows)
      out.push({
        type: 'data_point',
        id: r.id,
        title: r.title,
        subtitle: `${r.problem}${SEP}${r.metric}`,
        url: url('data_point', r.id),
      });
  }
  if (want.has('survey_question')) {
    const rows = await db
      .select({
        id: surveyQuestions.id,
        title: surveyQuestions.text,
        dataPoint: dataPoints.name,
        metric: metrics.name,
        problem: problems.title,
      })
      .from(surveyQuestions)
      .innerJoin(
        dataPoints,
        and(eq(dataPoints.id, surveyQuestions.dataPointId), eq(dataPoints.teamId, teamId)),
      )
      .innerJoin(metrics, and(eq(metrics.id, dataPoints.metricId), eq(metrics.teamId, teamId)))
      .innerJoin(
        problems,
        and(eq(problems.id, surveyQuestions.problemId), eq(problems.teamId, teamId)),
      )
      .where(and(eq(surveyQuestions.teamId, teamId), ilike(surveyQuestions.text, anywhere)))
      .orderBy(...ranked(surveyQuestions.text))
      .limit(SEARCH_LIMIT);
    for (const r of rows)
      out.push({
        type: 'survey_question',
        id: r.id,
        title: r.title,
        subtitle: `${r.problem}${SEP}${r.metric}${SEP}${r.dataPoint}`,
        url: url('survey_question', r.id),
      });
  }
  return rankResults(out, q);
}
