import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { dataPoints, metrics } from '../metrics/read-model.js';
import { canLink, childKinds } from '../../../shared/toc/graph.js';
import type { ElementPageProps } from '../../../shared/problems/problems.types.js';
import { elementConsequences } from './consequences.js';
import { elementRef, problemHeader, projectRef } from './elements.props.js';
import {
  elementsOf,
  findElement,
  linksOf,
  teamMemberOptions,
  userNames,
} from './problems.queries.js';

/** Props of 'elements/show': the element, its links both ways, its metrics, what deleting takes with it. */
export async function elementPageProps(
  ctx: Pick<AppContext, 'db'>,
  teamId: string,
  elementId: unknown,
): Promise<ElementPageProps> {
  const db = ctx.db;
  const { element, trail } = await findElement(db, teamId, elementId);
  const { problem, project } = trail;
  const [elements, links, members, consequences, metricRows] = await Promise.all([
    elementsOf(db, teamId, problem.id),
    linksOf(db, teamId, problem.id),
    teamMemberOptions(db, teamId),
    elementConsequences(db, teamId, element.id),
    db
      .select()
      .from(metrics)
      .where(and(eq(metrics.elementId, element.id), eq(metrics.teamId, teamId)))
      .orderBy(asc(metrics.position), asc(metrics.name)),
  ]);
  const dpCounts = metricRows.length
    ? await db
        .select({ metricId: dataPoints.metricId, n: count() })
        .from(dataPoints)
        .where(
          and(
            inArray(
              dataPoints.metricId,
              metricRows.map((m) => m.id),
            ),
            eq(dataPoints.teamId, teamId),
          ),
        )
        .groupBy(dataPoints.metricId)
    : [];
  const dpCount = new Map(dpCounts.map((r) => [r.metricId, Number(r.n)]));
  const owner = element.ownerId
    ? ((await userNames(db, [element.ownerId])).get(element.ownerId) ?? null)
    : null;
  const byId = new Map(elements.map((e) => [e.id, e]));
  const kind = element.kind;
  const linkView = (
    linkId: string,
    otherId: string,
    assumptions: string | null,
    risks: string | null,
  ) => {
    const other = byId.get(otherId)!;
    return { linkId, ...elementRef(other), assumptions, risks };
  };
  const incoming = links
    .filter((l) => l.toId === element.id && byId.has(l.fromId))
    .map((l) => linkView(l.id, l.fromId, l.assumptions, l.risks));
  const outgoing = links
    .filter((l) => l.fromId === element.id && byId.has(l.toId))
    .map((l) => linkView(l.id, l.toId, l.assumptions, l.risks));
  const linkedFrom = new Set(incoming.map((l) => l.id));
  const linkedTo = new Set(outgoing.map((l) => l.id));
  return {
    problem: problemHeader(problem),
    project: projectRef(project),
    element: {
      ...elementRef(element),
      description: element.description,
      assumptions: element.assumptions,
      risks: element.risks,
      ownerId: element.ownerId,
      ownerName: owner,
      startDate: element.startDate,
      endDate: element.endDate,
      position: element.position,
      createdAt: element.createdAt.toISOString(),
      updatedAt: element.updatedAt.toISOString(),
    },
    incoming,
    outgoing,
    metrics: metricRows.map((m) => ({
      id: m.id,
      name: m.name,
      definition: m.definition,
      unit: m.unit,
      type: m.type,
      direction: m.direction,
      period: m.period,
      baselineValue: m.baselineValue,
      baselineDate: m.baselineDate,
      standardRef: m.standardRef,
      dataPointCount: dpCount.get(m.id) ?? 0,
    })),
    consequences,
    members,
    childKinds: [...childKinds(kind)],
    /** elements that could be linked in either direction (the server still refuses loops) */
    candidates: {
      parents: elements
        .filter((e) => e.id !== element.id && !linkedFrom.has(e.id) && canLink(e.kind, kind))
        .map(elementRef),
      children: elements
        .filter((e) => e.id !== element.id && !linkedTo.has(e.id) && canLink(kind, e.kind))
        .map(elementRef),
    },
  };
}
