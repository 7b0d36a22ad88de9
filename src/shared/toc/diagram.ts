import {
  OUTCOME_HORIZON_LABELS,
  type ElementKind,
  type OutcomeHorizon,
  type ElementStatus,
} from './vocabulary.js';

/**
 * The theory-of-change diagram as the "new full view" draws it: one node per element, one edge per
 * causal link, and the column (level) each node sits in. Built by a pure function shared by server
 * (props) and tests; O(elements + links).
 */

/** The diagram's columns, left to right. */
export const DIAGRAM_COLUMNS = [
  { key: 'activity', kind: 'activity', horizon: null, label: 'Activities' },
  { key: 'output', kind: 'output', horizon: null, label: 'Outputs' },
  {
    key: 'outcome-short',
    kind: 'outcome',
    horizon: 'short',
    label: `Outcomes · ${OUTCOME_HORIZON_LABELS.short}`,
  },
  {
    key: 'outcome-medium',
    kind: 'outcome',
    horizon: 'medium',
    label: `Outcomes · ${OUTCOME_HORIZON_LABELS.medium}`,
  },
  {
    key: 'outcome-long',
    kind: 'outcome',
    horizon: 'long',
    label: `Outcomes · ${OUTCOME_HORIZON_LABELS.long}`,
  },
  { key: 'impact', kind: 'impact', horizon: null, label: 'Impact' },
] as const satisfies ReadonlyArray<{
  key: string;
  kind: ElementKind;
  horizon: OutcomeHorizon | null;
  label: string;
}>;

/** The column index of an element (an outcome without a horizon sits with the short-term ones). */
export function columnOf(kind: string, horizon: string | null | undefined): number {
  switch (kind) {
    case 'activity':
      return 0;
    case 'output':
      return 1;
    case 'outcome':
      return horizon === 'long' ? 4 : horizon === 'medium' ? 3 : 2;
    case 'impact':
      return 5;
    default:
      return 0;
  }
}

export interface DiagramElementInput {
  id: string;
  kind: ElementKind;
  horizon: OutcomeHorizon | null;
  title: string;
  status: ElementStatus;
  description?: string | null;
  assumptions?: string | null;
  risks?: string | null;
}

export interface DiagramLinkInput {
  id: string;
  fromId: string;
  toId: string;
  assumptions: string | null;
  risks?: string | null;
}

export interface DiagramNode {
  id: string;
  kind: ElementKind;
  horizon: OutcomeHorizon | null;
  title: string;
  status: ElementStatus;
  metricsCount: number;
  /** the column index in DIAGRAM_COLUMNS */
  column: number;
  description: string | null;
  assumptions: string | null;
  risks: string | null;
}

export interface DiagramEdge {
  id: string;
  fromId: string;
  toId: string;
  assumptions: string | null;
  risks: string | null;
}

export interface Diagram {
  nodes: DiagramNode[];
  edges: DiagramEdge[];
}

/**
 * Nodes in column order (stable within a column: the elements' given order), edges whose both
 * ends are among the elements (a dangling or self link is dropped). `metricCounts` maps element id
 * to its number of metrics (missing = 0).
 */
export function buildDiagram(
  elements: readonly DiagramElementInput[],
  links: readonly DiagramLinkInput[],
  metricCounts: ReadonlyMap<string, number> | Readonly<Record<string, number>>,
): Diagram {
  const count =
    metricCounts instanceof Map
      ? (id: string) => metricCounts.get(id) ?? 0
      : (id: string) =>
          Object.hasOwn(metricCounts, id) ? (metricCounts as Record<string, number>)[id] : 0;
  const byColumn: DiagramNode[][] = DIAGRAM_COLUMNS.map(() => []);
  const ids = new Set<string>();
  for (const e of elements) {
    if (ids.has(e.id)) continue;
    ids.add(e.id);
    const column = columnOf(e.kind, e.horizon);
    byColumn[column].push({
      id: e.id,
      kind: e.kind,
      horizon: e.kind === 'outcome' ? e.horizon : null,
      title: e.title,
      status: e.status,
      metricsCount: count(e.id),
      column,
      description: e.description ?? null,
      assumptions: e.assumptions ?? null,
      risks: e.risks ?? null,
    });
  }
  const edges: DiagramEdge[] = [];
  const seen = new Set<string>();
  for (const l of links) {
    if (l.fromId === l.toId || !ids.has(l.fromId) || !ids.has(l.toId)) continue;
    const pair = `${l.fromId}>${l.toId}`;
    if (seen.has(pair)) continue;
    seen.add(pair);
    edges.push({
      id: l.id,
      fromId: l.fromId,
      toId: l.toId,
      assumptions: l.assumptions,
      risks: l.risks ?? null,
    });
  }
  return { nodes: byColumn.flat(), edges };
}
