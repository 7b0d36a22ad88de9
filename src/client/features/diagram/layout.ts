import dagre from '@dagrejs/dagre';
import { DIAGRAM_COLUMNS, type DiagramEdge, type DiagramNode } from '@shared/toc/diagram';

export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 88;
const COLUMN_GAP = 110;
const ROW_GAP = 18;
export const HEADER_Y = -84;
/** above this many nodes dagre is too slow for a page load (seconds): a linear barycenter ordering is used */
export const DAGRE_MAX_NODES = 400;

export type Position = { x: number; y: number };

export const columnX = (column: number) => column * (NODE_WIDTH + COLUMN_GAP);

/**
 * Where each node goes: x by its column (level), y from an order within the column that keeps linked
 * nodes close (dagre's crossing minimisation for small diagrams, two barycenter sweeps for large ones).
 */
export function layoutDiagram(
  nodes: readonly DiagramNode[],
  edges: readonly DiagramEdge[],
): Map<string, Position> {
  const columns: DiagramNode[][] = DIAGRAM_COLUMNS.map(() => []);
  for (const n of nodes) columns[n.column]?.push(n);
  const ordered =
    nodes.length <= DAGRE_MAX_NODES
      ? dagreOrder(nodes, edges, columns)
      : barycenterOrder(edges, columns);
  const step = NODE_HEIGHT + ROW_GAP;
  const tallest = Math.max(1, ...ordered.map((c) => c.length));
  const spread = nodes.length > DAGRE_MAX_NODES;
  const out = new Map<string, Position>();
  ordered.forEach((col, c) => {
    if (spread) {
      // large diagrams: every column spans the tallest one's height, so each level shows from the top
      const gap = col.length > 1 ? Math.max(step, ((tallest - 1) * step) / (col.length - 1)) : 0;
      col.forEach((n, i) => out.set(n.id, { x: columnX(c), y: Math.round(i * gap) }));
    } else {
      // small diagrams: columns are centred on the tallest one
      const top = ((tallest - col.length) * step) / 2;
      col.forEach((n, i) => out.set(n.id, { x: columnX(c), y: top + i * step }));
    }
  });
  return out;
}

function dagreOrder(
  nodes: readonly DiagramNode[],
  edges: readonly DiagramEdge[],
  columns: DiagramNode[][],
): DiagramNode[][] {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'LR', nodesep: ROW_GAP, ranksep: COLUMN_GAP });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const e of edges) g.setEdge(e.fromId, e.toId);
  dagre.layout(g);
  return columns.map((col) =>
    col
      .map((n, i) => ({ n, i, y: g.node(n.id)?.y ?? 0 }))
      .sort((a, b) => a.y - b.y || a.i - b.i)
      .map((x) => x.n),
  );
}

/** Sort each column by the mean position of its neighbours in the previous (then next) columns. O((n + e) log n). */
function barycenterOrder(edges: readonly DiagramEdge[], columns: DiagramNode[][]): DiagramNode[][] {
  const order = columns.map((c) => [...c]);
  const index = new Map<string, number>();
  const reindex = (col: DiagramNode[]) =>
    col.forEach((n, i) => index.set(n.id, i / Math.max(1, col.length - 1)));
  order.forEach(reindex);
  const preds = new Map<string, string[]>();
  const succs = new Map<string, string[]>();
  for (const e of edges) {
    (preds.get(e.toId) ?? preds.set(e.toId, []).get(e.toId)!).push(e.fromId);
    (succs.get(e.fromId) ?? succs.set(e.fromId, []).get(e.fromId)!).push(e.toId);
  }
  const sweep = (col: DiagramNode[], neighbours: Map<string, string[]>) => {
    const keyed = col.map((n, i) => {
      const ns = (neighbours.get(n.id) ?? []).filter((id) => index.has(id));
      const own = index.get(n.id) ?? 0;
      return { n, i, k: ns.length ? ns.reduce((s, id) => s + index.get(id)!, 0) / ns.length : own };
    });
    keyed.sort((a, b) => a.k - b.k || a.i - b.i);
    return keyed.map((x) => x.n);
  };
  for (let c = 1; c < order.length; c++) reindex((order[c] = sweep(order[c], preds)));
  for (let c = order.length - 2; c >= 0; c--) reindex((order[c] = sweep(order[c], succs)));
  return order;
}
