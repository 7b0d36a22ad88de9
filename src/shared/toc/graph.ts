import { ELEMENT_KIND_LABELS, type ElementKind, type OutcomeHorizon } from './vocabulary.js';

/**
 * The rules of a theory of change as a graph, shared by server (refusals) and client (what the
 * diagram lets you draw): which levels may lead to which, cycle detection, and the level order.
 */

/** What each level may lead to: activity -> output -> outcome -> outcome | impact. */
const ALLOWED_TARGETS: Record<ElementKind, readonly ElementKind[]> = {
  activity: ['output'],
  output: ['outcome'],
  outcome: ['outcome', 'impact'],
  impact: [],
};

export function canLink(fromKind: ElementKind, toKind: ElementKind): boolean {
  return ALLOWED_TARGETS[fromKind].includes(toKind);
}

/** The plain-words reason a link between these levels is refused, or null when it is allowed. */
export function linkRefusal(fromKind: ElementKind, toKind: ElementKind): string | null {
  if (canLink(fromKind, toKind)) return null;
  switch (fromKind) {
    case 'activity':
      return `An activity can only lead to an output, not to an ${ELEMENT_KIND_LABELS[toKind].toLowerCase()}.`;
    case 'output':
      return `An output can only lead to an outcome, not to an ${ELEMENT_KIND_LABELS[toKind].toLowerCase()}.`;
    case 'outcome':
      return `An outcome can only lead to another outcome or to an impact, not to an ${ELEMENT_KIND_LABELS[toKind].toLowerCase()}.`;
    case 'impact':
      return 'An impact is the end of the chain: it cannot lead to anything.';
  }
}

/** The kinds a new child of this kind may have ("add child"). */
export function childKinds(kind: ElementKind): readonly ElementKind[] {
  return ALLOWED_TARGETS[kind];
}

export interface GraphLink {
  fromId: string;
  toId: string;
}

/**
 * The loop that adding fromId -> toId would close, as a list of ids starting and ending with
 * fromId (fromId, toId, ..., fromId), or null when there is none. A self link is the loop [a, a].
 * Breadth-first from toId along the existing links: O(nodes + links).
 */
export function findCycle(
  links: readonly GraphLink[],
  fromId: string,
  toId: string,
): string[] | null {
  if (fromId === toId) return [fromId, fromId];
  const out = new Map<string, string[]>();
  for (const l of links) {
    const list = out.get(l.fromId);
    if (list) list.push(l.toId);
    else out.set(l.fromId, [l.toId]);
  }
  const parent = new Map<string, string>([[toId, '']]);
  const queue = [toId];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i];
    for (const next of out.get(node) ?? []) {
      if (parent.has(next)) continue;
      parent.set(next, node);
      if (next === fromId) {
        const back: string[] = [];
        for (let n = fromId; n !== ''; n = parent.get(n)!) back.push(n);
        // back = fromId ... toId (reversed walk); the loop reads fromId -> toId -> ... -> fromId
        return [fromId, ...back.reverse()];
      }
      queue.push(next);
    }
  }
  return null;
}

export function wouldCreateCycle(
  links: readonly GraphLink[],
  fromId: string,
  toId: string,
): boolean {
  return findCycle(links, fromId, toId) !== null;
}

/** "This link would create a loop: A → B → A" */
export function cycleMessage(path: readonly string[], titleOf: (id: string) => string): string {
  return `This link would create a loop: ${path.map(titleOf).join(' → ')}`;
}

/** The order of levels from left (activities) to right (impact). */
export const LEVELS = [
  'activity',
  'output',
  'outcome:short',
  'outcome:medium',
  'outcome:long',
  'impact',
] as const;
export type Level = (typeof LEVELS)[number];

/** The column of an element: outcomes are split by horizon (an outcome without one counts as short term). */
function levelOf(kind: ElementKind, horizon?: OutcomeHorizon | string | null): Level {
  if (kind !== 'outcome') return kind;
  return horizon === 'medium'
    ? 'outcome:medium'
    : horizon === 'long'
      ? 'outcome:long'
      : 'outcome:short';
}

export function levelIndex(kind: ElementKind, horizon?: OutcomeHorizon | string | null): number {
  return LEVELS.indexOf(levelOf(kind, horizon));
}

export interface OrderedElement {
  id: string;
  kind: ElementKind;
  horizon?: string | null;
  position: number;
  title: string;
}

/** Elements in reading order: by level, then position, then title (stable for equal positions). */
export function sortByLevel<T extends OrderedElement>(elements: readonly T[]): T[] {
  return [...elements].sort(
    (a, b) =>
      levelIndex(a.kind, a.horizon) - levelIndex(b.kind, b.horizon) ||
      a.position - b.position ||
      a.title.localeCompare(b.title) ||
      a.id.localeCompare(b.id),
  );
}

/** Elements grouped by level, each group in order (every level present, possibly empty). */
export function groupByLevel<T extends OrderedElement>(elements: readonly T[]): Record<Level, T[]> {
  const groups = Object.fromEntries(LEVELS.map((l) => [l, [] as T[]])) as Record<Level, T[]>;
  for (const e of sortByLevel(elements)) groups[levelOf(e.kind, e.horizon)].push(e);
  return groups;
}
