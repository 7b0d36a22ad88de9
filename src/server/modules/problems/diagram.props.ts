import { and, asc, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { buildDiagram, type Diagram } from '../../../shared/toc/diagram.js';
import { metrics } from '../metrics/read-model.js';
import { tocElements, tocLinks } from './problems.tables.js';
import { findTeamProblem, problemHeader } from './toc-views.lookup.js';

/**
 * The diagram of a problem's theory of change: four queries whatever its size (problem, elements,
 * links, metric counts per element), then one linear pass (buildDiagram).
 */
async function diagramOf(ctx: AppContext, teamId: string, problemId: string): Promise<Diagram> {
  const scope = (t: typeof tocElements | typeof tocLinks | typeof metrics) =>
    and(eq(t.teamId, teamId), eq(t.problemId, problemId));
  const elements = await ctx.db
    .select({
      id: tocElements.id,
      kind: tocElements.kind,
      horizon: tocElements.horizon,
      title: tocElements.title,
      status: tocElements.status,
      description: tocElements.description,
      assumptions: tocElements.assumptions,
      risks: tocElements.risks,
    })
    .from(tocElements)
    .where(scope(tocElements))
    .orderBy(asc(tocElements.position), asc(tocElements.createdAt), asc(tocElements.id));
  const links = await ctx.db
    .select({
      id: tocLinks.id,
      fromId: tocLinks.fromId,
      toId: tocLinks.toId,
      assumptions: tocLinks.assumptions,
      risks: tocLinks.risks,
    })
    .from(tocLinks)
    .where(scope(tocLinks))
    .orderBy(asc(tocLinks.createdAt), asc(tocLinks.id));
  const counts = await ctx.db
    .select({ elementId: metrics.elementId, n: count() })
    .from(metrics)
    .where(scope(metrics))
    .groupBy(metrics.elementId);
  return buildDiagram(elements, links, new Map(counts.map((c) => [c.elementId, Number(c.n)])));
}

/** Props of 'problems/new-full-view' (throws 404 for another team's problem). */
export async function diagramProps(ctx: AppContext, teamId: string, problemId: string) {
  const problem = await findTeamProblem(ctx, teamId, problemId);
  return { problem: problemHeader(problem), diagram: await diagramOf(ctx, teamId, problem.id) };
}
