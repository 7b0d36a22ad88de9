import { describe, expect, it } from 'vitest';
import { buildDiagram, type DiagramElementInput } from '@shared/toc/diagram';
import { columnX, DAGRE_MAX_NODES, layoutDiagram, NODE_HEIGHT } from './layout';

function tree(size: number) {
  const kinds = ['activity', 'output', 'outcome', 'impact'] as const;
  const elements: DiagramElementInput[] = Array.from({ length: size }, (_, i) => ({
    id: `e${i}`,
    kind: kinds[i % 4],
    horizon: i % 4 === 2 ? 'short' : null,
    title: `E${i}`,
    status: 'planned',
  }));
  const links = elements
    .filter((e) => e.kind !== 'impact')
    .map((e, i) => ({
      id: `l${i}`,
      fromId: e.id,
      toId: `e${Number(e.id.slice(1)) + 1}`,
      assumptions: null,
    }));
  return buildDiagram(elements, links, {});
}

describe('layoutDiagram', () => {
  for (const size of [12, DAGRE_MAX_NODES + 40]) {
    it(`places every node in its column without overlaps (${size} nodes)`, () => {
      const d = tree(size);
      const pos = layoutDiagram(d.nodes, d.edges);
      expect(pos.size).toBe(size);
      for (const n of d.nodes) expect(pos.get(n.id)!.x).toBe(columnX(n.column));
      const byX = new Map<number, number[]>();
      for (const p of pos.values()) byX.set(p.x, [...(byX.get(p.x) ?? []), p.y]);
      for (const ys of byX.values()) {
        ys.sort((a, b) => a - b);
        for (let i = 1; i < ys.length; i++)
          expect(ys[i] - ys[i - 1]).toBeGreaterThanOrEqual(NODE_HEIGHT);
      }
    });
  }
  it('an empty diagram has no positions', () => {
    expect(layoutDiagram([], []).size).toBe(0);
  });
});
