import { evaluateBoolean } from './evaluate.js';
import { compiledExpression } from './parse.js';
import type { Answer } from './values.js';

export interface PrunableQuestion {
  key: string;
  /** relevance ("skip logic"): the question is shown only when this is true */
  relevant?: string | null;
  /** the key of the group (or page) holding it: a hidden group hides everything in it */
  group?: string;
  /** a repeat group's questions: its answer is a list of instances, each pruned on its own */
  questions?: readonly PrunableQuestion[];
}

/** One instance of a repeat group's answer (an object of answers), as opposed to a value or a list. */
export const isInstance = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** One answer inside a repeat as one item of the list an expression outside the repeat reads. */
const itemText = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
    ? String(v)
    : Array.isArray(v)
      ? v.map(String).join(' ')
      : '';

interface Scoped {
  key: string;
  questions?: readonly Scoped[];
}

/**
 * What the expressions after a repeat group read (XLSForm semantics): `${repeat}` is the list of its
 * instances (`count(${members})`), and each of its questions is the list of its answers across the
 * instances (`sum(${age})`, `max(${age})`), an unanswered one counting as ''. A repeat inside it
 * reads the same way over all its instances in all of them (`count(${visits})`: every visit of
 * every member).
 */
export function repeatScope(q: Scoped, instances: unknown): Record<string, Answer> {
  const list = Array.isArray(instances) ? instances.filter(isInstance) : [];
  const out: Record<string, Answer> = { [q.key]: list.map(() => '') };
  for (const c of q.questions ?? []) {
    if (c.questions) {
      const inner = list.flatMap((i) => (Array.isArray(i[c.key]) ? (i[c.key] as unknown[]) : []));
      Object.assign(out, repeatScope(c, inner));
    } else out[c.key] = list.map((i) => itemText(i[c.key]));
  }
  return out;
}

/**
 * The answers without any answer to a question that is not relevant: what the browser and the
 * server both do on submit, so answers to questions hidden by skip logic are never kept. Questions
 * are taken in order; a hidden question's answer is removed before later expressions read it, so
 * it counts as empty for them. A group listed after its questions does not hide them. An
 * expression that does not parse counts as relevant (the builder refuses to publish one).
 * A repeat group's instances are pruned one by one: inside an instance `${field}` reads that
 * instance's answer (then the answers outside the repeat, `outer`).
 */
export function pruneHidden(
  questions: readonly PrunableQuestion[],
  answers: Readonly<Record<string, Answer>>,
  opts: { now?: number; position?: number } = {},
  outer: Readonly<Record<string, Answer>> = {},
): Record<string, Answer> {
  const kept: Record<string, Answer> = { ...answers };
  const scope: Record<string, Answer> = { ...outer, ...answers };
  const shown = new Map<string, boolean>();
  for (const q of questions) {
    let visible = q.group === undefined || shown.get(q.group) !== false;
    if (visible && q.relevant != null && q.relevant.trim() !== '') {
      const ast = compiledExpression(q.relevant);
      visible =
        ast === null ||
        evaluateBoolean(ast, { answers: scope, now: opts.now, position: opts.position });
    }
    shown.set(q.key, visible);
    if (!visible) {
      delete kept[q.key];
      delete scope[q.key];
    } else if (q.questions && Array.isArray(kept[q.key])) {
      const instances = (kept[q.key] as readonly unknown[]).map((i, n) =>
        isInstance(i)
          ? pruneHidden(
              q.questions!,
              i as Record<string, Answer>,
              { now: opts.now, position: n + 1 },
              scope,
            )
          : i,
      );
      kept[q.key] = instances as Answer;
      Object.assign(scope, repeatScope(q, instances));
    }
  }
  return kept;
}
