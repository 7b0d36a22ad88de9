import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ELEMENT_KINDS, type ElementKind } from './vocabulary';
import {
  canLink,
  childKinds,
  cycleMessage,
  findCycle,
  groupByLevel,
  levelIndex,
  linkRefusal,
  sortByLevel,
  wouldCreateCycle,
  type GraphLink,
} from './graph';

describe('canLink', () => {
  it('allows exactly activity->output, output->outcome, outcome->outcome, outcome->impact', () => {
    const allowed = ELEMENT_KINDS.flatMap((f) =>
      ELEMENT_KINDS.filter((t) => canLink(f, t)).map((t) => `${f}->${t}`),
    );
    expect(allowed).toEqual([
      'activity->output',
      'output->outcome',
      'outcome->outcome',
      'outcome->impact',
    ]);
  });

  it('explains every refusal in plain words, and only refusals', () => {
    for (const f of ELEMENT_KINDS)
      for (const t of ELEMENT_KINDS) {
        const why = linkRefusal(f, t);
        if (canLink(f, t)) expect(why).toBeNull();
        else expect(why).toMatch(/^An (activity|output|outcome|impact) /);
      }
    expect(linkRefusal('activity', 'outcome')).toBe(
      'An activity can only lead to an output, not to an outcome.',
    );
    expect(linkRefusal('impact', 'outcome')).toMatch(/end of the chain/);
  });

  it('child kinds follow the same rule', () => {
    expect(childKinds('activity')).toEqual(['output']);
    expect(childKinds('outcome')).toEqual(['outcome', 'impact']);
    expect(childKinds('impact')).toEqual([]);
  });

  it('never lets a link go to a lower level', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ELEMENT_KINDS),
        fc.constantFrom(...ELEMENT_KINDS),
        (f: ElementKind, t: ElementKind) => {
          if (canLink(f, t))
            expect(levelIndex(t, 'short')).toBeGreaterThanOrEqual(levelIndex(f, 'short'));
        },
      ),
    );
  });
});

describe('findCycle / wouldCreateCycle', () => {
  it('finds a self link and a direct loop', () => {
    expect(findCycle([], 'a', 'a')).toEqual(['a', 'a']);
    expect(findCycle([{ fromId: 'b', toId: 'a' }], 'a', 'b')).toEqual(['a', 'b', 'a']);
    expect(wouldCreateCycle([{ fromId: 'a', toId: 'b' }], 'a', 'b')).toBe(false);
  });

  it('names the whole loop in order', () => {
    const links = [
      { fromId: 'b', toId: 'c' },
      { fromId: 'c', toId: 'd' },
      { fromId: 'd', toId: 'a' },
      { fromId: 'x', toId: 'a' },
    ];
    const path = findCycle(links, 'a', 'b')!;
    expect(path).toEqual(['a', 'b', 'c', 'd', 'a']);
    expect(cycleMessage(path, (id) => id.toUpperCase())).toBe(
      'This link would create a loop: A → B → C → D → A',
    );
    expect(findCycle(links, 'x', 'b')).toBeNull();
  });

  // random DAGs (links only from lower to higher index) never get a cycle from a forward link,
  // and always get one from a backward link between connected nodes
  const dag = fc.integer({ min: 2, max: 12 }).chain((n) =>
    fc.tuple(
      fc.constant(n),
      fc.uniqueArray(
        fc.tuple(fc.nat(n - 1), fc.nat(n - 1)).filter(([a, b]) => a < b),
        { selector: ([a, b]) => `${a}-${b}`, maxLength: 40 },
      ),
    ),
  );

  it('a link along the topological order never closes a loop', () => {
    fc.assert(
      fc.property(dag, fc.nat(), fc.nat(), ([n, edges], i, j) => {
        const links: GraphLink[] = edges.map(([a, b]) => ({ fromId: `n${a}`, toId: `n${b}` }));
        const a = i % n;
        const b = j % n;
        if (a < b) expect(wouldCreateCycle(links, `n${a}`, `n${b}`)).toBe(false);
      }),
    );
  });

  it('a reported loop is made of existing links plus the new one', () => {
    fc.assert(
      fc.property(dag, fc.nat(), fc.nat(), ([n, edges], i, j) => {
        const links: GraphLink[] = edges.map(([a, b]) => ({ fromId: `n${a}`, toId: `n${b}` }));
        const from = `n${i % n}`;
        const to = `n${j % n}`;
        const path = findCycle(links, from, to);
        if (!path) return;
        expect(path[0]).toBe(from);
        expect(path[path.length - 1]).toBe(from);
        expect(path[1]).toBe(to);
        const all = new Set([...links.map((l) => `${l.fromId}>${l.toId}`), `${from}>${to}`]);
        for (let k = 0; k + 1 < path.length; k++)
          expect(all.has(`${path[k]}>${path[k + 1]}`)).toBe(true);
      }),
    );
  });

  it('adding only links it accepts keeps the graph acyclic', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(7), fc.nat(7)), { maxLength: 40 }), (pairs) => {
        const links: GraphLink[] = [];
        for (const [a, b] of pairs)
          if (!wouldCreateCycle(links, `n${a}`, `n${b}`))
            links.push({ fromId: `n${a}`, toId: `n${b}` });
        // acyclic: every link is refused in reverse
        for (const l of links) expect(wouldCreateCycle(links, l.toId, l.fromId)).toBe(true);
        for (const l of links) expect(l.fromId).not.toBe(l.toId);
      }),
    );
  });
});

describe('levels', () => {
  it('orders elements activity, output, outcomes by horizon, impact; then by position', () => {
    const els = [
      { id: '1', kind: 'impact' as const, horizon: null, position: 0, title: 'I' },
      { id: '2', kind: 'outcome' as const, horizon: 'long', position: 0, title: 'L' },
      { id: '3', kind: 'outcome' as const, horizon: 'short', position: 1, title: 'S2' },
      { id: '4', kind: 'outcome' as const, horizon: 'short', position: 0, title: 'S1' },
      { id: '5', kind: 'activity' as const, horizon: null, position: 0, title: 'A' },
      { id: '6', kind: 'output' as const, horizon: null, position: 0, title: 'O' },
    ];
    expect(sortByLevel(els).map((e) => e.title)).toEqual(['A', 'O', 'S1', 'S2', 'L', 'I']);
    const g = groupByLevel(els);
    expect(g['outcome:short'].map((e) => e.id)).toEqual(['4', '3']);
    expect(g['outcome:medium']).toEqual([]);
  });
});
