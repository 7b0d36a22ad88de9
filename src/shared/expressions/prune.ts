import type { Expr } from './ast.js';
import { evaluateBoolean } from './evaluate.js';
import { parse } from './parse.js';
import type { Answer } from './values.js';

export interface PrunableQuestion {
  key: string;
  /** relevance ("skip logic"): the question is shown only when this is true */
  relevant?: string | null;
  /** the key of the group (or page) holding it: a hidden group hides everything in it */
  group?: string;
}

/**
 * The answers without any answer to a question that is not relevant: what the browser and the
 * server both do on submit, so answers to questions hidden by skip logic are never kept. Questions
 * are taken in order; a hidden question's answer is removed before later expressions read it, so
 * it counts as empty for them. A group listed after its questions does not hide them. An
 * expression that does not parse counts as relevant (the builder refuses to publish one).
 */
export function pruneHidden(
  questions: readonly PrunableQuestion[],
  answers: Readonly<Record<string, Answer>>,
  opts: { now?: number } = {},
): Record<string, Answer> {
  const kept: Record<string, Answer> = { ...answers };
  const shown = new Map<string, boolean>();
  const cache = new Map<string, Expr | null>();
  const compiled = (text: string) => {
    if (!cache.has(text)) {
      const r = parse(text);
      cache.set(text, r.ok ? r.ast : null);
    }
    return cache.get(text) ?? null;
  };
  for (const q of questions) {
    let visible = q.group === undefined || shown.get(q.group) !== false;
    if (visible && q.relevant != null && q.relevant.trim() !== '') {
      const ast = compiled(q.relevant);
      visible = ast === null || evaluateBoolean(ast, { answers: kept, now: opts.now });
    }
    shown.set(q.key, visible);
    if (!visible) delete kept[q.key];
  }
  return kept;
}
