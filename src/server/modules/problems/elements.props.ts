import { and, count, eq } from 'drizzle-orm';
import { metrics } from '../metrics/read-model.js';
import type {
  ElementListRow,
  ElementRef,
  ProblemHeader,
} from '../../../shared/problems/problems.types.js';
import {
  elementsOf,
  linksOf,
  userNames,
  type ElementRow,
  type LinkRow,
  type ProblemRow,
  type ProjectRef,
  type Queryable,
} from './problems.queries.js';

export function problemHeader(p: ProblemRow): ProblemHeader {
  return {
    id: p.id,
    title: p.title,
    statement: p.statement,
    rootCauses: p.rootCauses,
    populationWho: p.populationWho,
    populationCount: p.populationCount,
    geography: p.geography,
    evidence: p.evidence,
    status: p.status as ProblemHeader['status'],
    libraryItemId: p.libraryItemId,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function projectRef(p: ProjectRef) {
  return { id: p.id, name: p.name, status: p.status, archived: p.status === 'archived' };
}

export function elementRef(
  e: Pick<ElementRow, 'id' | 'kind' | 'horizon' | 'title' | 'status'>,
): ElementRef {
  return {
    id: e.id,
    kind: e.kind,
    horizon: (e.horizon as ElementRef['horizon']) ?? null,
    title: e.title,
    status: e.status as ElementRef['status'],
  };
}

/** Metric counts per element of a problem (one grouped query). */
async function metricCountsOf(
  db: Queryable,
  teamId: string,
  problemId: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ elementId: metrics.elementId, n: count() })
    .from(metrics)
    .where(and(eq(metrics.problemId, problemId), eq(metrics.teamId, teamId)))
    .groupBy(metrics.elementId);
  return new Map(rows.map((r) => [r.elementId, Number(r.n)]));
}

/**
 * Every element of a problem as a list row, with the elements it comes from and leads to.
 * Four queries whatever the size; O(elements + links) in memory.
 */
export async function elementRows(
  db: Queryable,
  teamId: string,
  problemId: string,
  preloaded?: { elements: ElementRow[]; links: LinkRow[] },
): Promise<ElementListRow[]> {
  const [elements, links, metricCounts] = await Promise.all([
    preloaded ? preloaded.elements : elementsOf(db, teamId, problemId),
    preloaded ? preloaded.links : linksOf(db, teamId, problemId),
    metricCountsOf(db, teamId, problemId),
  ]);
  const names = await userNames(
    db,
    elements.map((e) => e.ownerId ?? ''),
  );
  const byId = new Map(elements.map((e) => [e.id, e]));
  const from = new Map<string, ElementRef[]>();
  const to = new Map<string, ElementRef[]>();
  for (const l of links) {
    const a = byId.get(l.fromId);
    const b = byId.get(l.toId);
    if (!a || !b) continue;
    (to.get(a.id) ?? to.set(a.id, []).get(a.id)!).push(elementRef(b));
    (from.get(b.id) ?? from.set(b.id, []).get(b.id)!).push(elementRef(a));
  }
  return elements.map((e) => ({
    ...elementRef(e),
    description: e.description,
    assumptions: e.assumptions,
    risks: e.risks,
    ownerId: e.ownerId,
    ownerName: e.ownerId ? (names.get(e.ownerId) ?? null) : null,
    startDate: e.startDate,
    endDate: e.endDate,
    position: e.position,
    metricCount: metricCounts.get(e.id) ?? 0,
    from: from.get(e.id) ?? [],
    to: to.get(e.id) ?? [],
  }));
}
