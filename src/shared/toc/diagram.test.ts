import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildDiagram,
  columnOf,
  DIAGRAM_COLUMNS,
  type DiagramElementInput,
  type DiagramLinkInput,
} from './diagram.js';
import type { ElementKind, OutcomeHorizon } from './vocabulary.js';

const el = (
  id: string,
  kind: ElementKind,
  horizon: OutcomeHorizon | null = null,
): DiagramElementInput => ({
  id,
  kind,
  horizon,
  title: `T ${id}`,
  status: 'planned',
});
const link = (
  id: string,
  fromId: string,
  toId: string,
  assumptions: string | null = null,
): DiagramLinkInput => ({ id, fromId, toId, assumptions });

describe('columnOf', () => {
  it('puts each level in its column, outcomes by horizon', () => {
    expect(columnOf('activity', null)).toBe(0);
    expect(columnOf('output', null)).toBe(1);
    expect(columnOf('outcome', 'short')).toBe(2);
    expect(columnOf('outcome', 'medium')).toBe(3);
    expect(columnOf('outcome', 'long')).toBe(4);
    expect(columnOf('impact', null)).toBe(5);
    expect(DIAGRAM_COLUMNS[columnOf('outcome', 'long')].key).toBe('outcome-long');
  });
  it('an outcome without a horizon sits with the short-term outcomes', () => {
    expect(columnOf('outcome', null)).toBe(2);
  });
});

describe('buildDiagram', () => {
  it('orders nodes by column, keeps the given order within a column, and counts metrics', () => {
    const d = buildDiagram(
      [
        el('i', 'impact'),
        el('o2', 'outcome', 'long'),
        el('a1', 'activity'),
        el('p1', 'output'),
        el('a2', 'activity'),
        el('o1', 'outcome', 'short'),
      ],
      [],
      new Map([['a1', 3]]),
    );
    expect(d.nodes.map((n) => n.id)).toEqual(['a1', 'a2', 'p1', 'o1', 'o2', 'i']);
    expect(d.nodes.find((n) => n.id === 'a1')!.metricsCount).toBe(3);
    expect(d.nodes.find((n) => n.id === 'a2')!.metricsCount).toBe(0);
    expect(d.nodes.map((n) => n.column)).toEqual([0, 0, 1, 2, 4, 5]);
  });

  it('accepts the metric counts as a plain object and ignores inherited keys', () => {
    const d = buildDiagram([el('a', 'activity'), el('toString', 'output')], [], { a: 2 });
    expect(d.nodes.map((n) => n.metricsCount)).toEqual([2, 0]);
  });

  it('keeps the horizon of outcomes only', () => {
    const d = buildDiagram([el('a', 'activity', 'short'), el('o', 'outcome', 'medium')], [], {});
    expect(d.nodes.map((n) => n.horizon)).toEqual([null, 'medium']);
  });

  it('maps links to edges with their assumptions, dropping dangling, self and duplicate links', () => {
    const d = buildDiagram(
      [el('a', 'activity'), el('p', 'output'), el('o', 'outcome', 'short')],
      [
        link('l1', 'a', 'p', 'Trainers are available'),
        link('l2', 'p', 'o'),
        link('l3', 'p', 'gone'),
        link('l4', 'a', 'a'),
        link('l5', 'a', 'p'),
      ],
      {},
    );
    expect(d.edges).toEqual([
      { id: 'l1', fromId: 'a', toId: 'p', assumptions: 'Trainers are available', risks: null },
      { id: 'l2', fromId: 'p', toId: 'o', assumptions: null, risks: null },
    ]);
  });

  it('an empty problem gives an empty diagram', () => {
    expect(buildDiagram([], [], {})).toEqual({ nodes: [], edges: [] });
  });

  it('property: every element appears once, every edge joins two nodes, columns never decrease', () => {
    const kinds = ['activity', 'output', 'outcome', 'impact'] as const;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            k: fc.integer({ min: 0, max: 3 }),
            h: fc.constantFrom(null, 'short', 'medium', 'long'),
          }),
          { maxLength: 40 },
        ),
        fc.array(fc.tuple(fc.nat(60), fc.nat(60)), { maxLength: 80 }),
        (specs, pairs) => {
          const elements = specs.map((s, i) => el(`e${i}`, kinds[s.k], s.h));
          const links = pairs.map(([f, t], i) => link(`l${i}`, `e${f}`, `e${t}`));
          const d = buildDiagram(elements, links, {});
          expect(d.nodes).toHaveLength(elements.length);
          expect(new Set(d.nodes.map((n) => n.id)).size).toBe(elements.length);
          const ids = new Set(d.nodes.map((n) => n.id));
          for (const e of d.edges)
            expect(ids.has(e.fromId) && ids.has(e.toId) && e.fromId !== e.toId).toBe(true);
          for (let i = 1; i < d.nodes.length; i++)
            expect(d.nodes[i].column).toBeGreaterThanOrEqual(d.nodes[i - 1].column);
        },
      ),
    );
  });
});
