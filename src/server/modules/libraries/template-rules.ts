import type { ElementKind } from '../../../shared/toc/vocabulary.js';
import type {
  ElementTemplate,
  ProblemTemplate,
  StrategyTemplate,
} from '../../../shared/toc/template.schemas.js';

/** Which level may contribute to which: activity -> output -> outcome -> outcome | impact. */
export function templateCanLink(from: ElementKind, to: ElementKind): boolean {
  if (from === 'activity') return to === 'output';
  if (from === 'output') return to === 'outcome';
  if (from === 'outcome') return to === 'outcome' || to === 'impact';
  return false;
}

/**
 * The structural rules a template must meet beyond its zod schema: unique refs, links between
 * known refs at the right levels, no duplicate links, no cycles, data point keys unique within a
 * metric, disaggregation keys unique within a metric. Returns field-path -> message (empty = valid).
 */
export function templateProblems(
  template: Pick<ProblemTemplate | StrategyTemplate, 'elements' | 'links'>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const byRef = new Map<string, ElementTemplate>();
  template.elements.forEach((e, i) => {
    if (byRef.has(e.ref)) errors[`elements.${i}.ref`] = `The ref "${e.ref}" is used twice.`;
    byRef.set(e.ref, e);
    e.metrics.forEach((m, j) => {
      const keys = new Set<string>();
      m.dataPoints.forEach((d, k) => {
        if (keys.has(d.key))
          errors[`elements.${i}.metrics.${j}.dataPoints.${k}.key`] =
            `The data point key "${d.key}" is used twice in this metric.`;
        keys.add(d.key);
      });
      const dims = new Set<string>();
      m.disaggregations.forEach((d, k) => {
        if (dims.has(d.key))
          errors[`elements.${i}.metrics.${j}.disaggregations.${k}.key`] =
            `The disaggregation "${d.key}" is used twice in this metric.`;
        dims.add(d.key);
      });
    });
  });
  const seen = new Set<string>();
  const next = new Map<string, string[]>();
  template.links.forEach((l, i) => {
    const from = byRef.get(l.from);
    const to = byRef.get(l.to);
    if (!from) errors[`links.${i}.from`] = `No element has the ref "${l.from}".`;
    else if (!to) errors[`links.${i}.to`] = `No element has the ref "${l.to}".`;
    else if (!templateCanLink(from.kind, to.kind))
      errors[`links.${i}.to`] = `An ${from.kind} cannot lead to an ${to.kind}.`; // every level starts with a vowel
    else if (l.from === l.to) errors[`links.${i}.to`] = 'An element cannot lead to itself.';
    else if (seen.has(`${l.from}\u0000${l.to}`))
      errors[`links.${i}.to`] = 'This link is listed twice.';
    else {
      seen.add(`${l.from}\u0000${l.to}`);
      next.set(l.from, [...(next.get(l.from) ?? []), l.to]);
    }
  });
  if (hasCycle(next)) errors.links = 'The links form a cycle.';
  return errors;
}

function hasCycle(next: Map<string, string[]>): boolean {
  const state = new Map<string, 1 | 2>(); // 1 = on the stack, 2 = done
  for (const start of next.keys()) {
    if (state.has(start)) continue;
    const stack: Array<{ node: string; i: number }> = [{ node: start, i: 0 }];
    state.set(start, 1);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const outs = next.get(top.node) ?? [];
      if (top.i >= outs.length) {
        state.set(top.node, 2);
        stack.pop();
        continue;
      }
      const to = outs[top.i++]!;
      const s = state.get(to);
      if (s === 1) return true;
      if (!s) {
        state.set(to, 1);
        stack.push({ node: to, i: 0 });
      }
    }
  }
  return false;
}
