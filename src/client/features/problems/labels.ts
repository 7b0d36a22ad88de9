import type { Consequences } from '@shared/problems/problems.types';
import {
  ELEMENT_KIND_LABELS,
  ELEMENT_STATUS_LABELS,
  OUTCOME_HORIZON_LABELS,
  PROBLEM_STATUS_LABELS,
  type ElementKind,
  type ElementStatus,
  type OutcomeHorizon,
  type ProblemStatus,
} from '@shared/toc/vocabulary';

export const ELEMENT_STATUS_COLORS: Record<ElementStatus, string> = {
  planned: 'gray',
  in_progress: 'blue',
  done: 'green',
  at_risk: 'orange',
  dropped: 'red',
};
export const PROBLEM_STATUS_COLORS: Record<ProblemStatus, string> = {
  draft: 'gray',
  active: 'green',
  closed: 'dark',
};
export const KIND_COLORS: Record<ElementKind, string> = {
  activity: 'indigo',
  output: 'teal',
  outcome: 'grape',
  impact: 'orange',
};

export const elementStatusLabel = (s: ElementStatus) => ELEMENT_STATUS_LABELS[s] ?? s;
export const problemStatusLabel = (s: ProblemStatus) => PROBLEM_STATUS_LABELS[s] ?? s;

/** "Outcome (short term)", "Activity" */
export function kindLabel(kind: ElementKind, horizon?: OutcomeHorizon | null) {
  const base = ELEMENT_KIND_LABELS[kind];
  return kind === 'outcome' && horizon
    ? `${base} (${OUTCOME_HORIZON_LABELS[horizon].toLowerCase()})`
    : base;
}

/** "an activity", "an output", "an outcome", "an impact" */
const aKind = (kind: ElementKind) => `an ${ELEMENT_KIND_LABELS[kind].toLowerCase()}`;

/** the full-view tab that lists this kind */
export const tabOfKind = (kind: ElementKind) =>
  kind === 'activity' ? 'activities' : kind === 'output' ? 'outputs' : 'outcomes';

export function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** "2 links, 1 metric and 3 recorded values" (or null for nothing) */
export function consequenceText(c: Partial<Consequences>, withElements = false): string | null {
  const parts: string[] = [];
  if (withElements && c.elements) parts.push(plural(c.elements, 'element'));
  if (c.links) parts.push(plural(c.links, 'link'));
  if (c.metrics) parts.push(plural(c.metrics, 'metric'));
  if (c.dataPoints) parts.push(plural(c.dataPoints, 'data point'));
  if (c.surveyQuestions) parts.push(plural(c.surveyQuestions, 'survey question'));
  if (c.values) parts.push(plural(c.values, 'recorded value'));
  if (!parts.length) return null;
  return parts.length === 1
    ? parts[0]
    : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * The title of the element dialog. Opened from a list's "Add outcome" button (kinds offered: the
 * outcome first, impact as an alternative) it names the first kind; "a next step" only when adding
 * what an existing element leads to, where several kinds are equally likely.
 */
export function elementDialogTitle(
  mode:
    | { type: 'create'; kinds: ElementKind[]; parent?: { title: string } }
    | { type: 'edit'; element: { kind: ElementKind } },
): string {
  if (mode.type === 'edit') return `Edit ${ELEMENT_KIND_LABELS[mode.element.kind].toLowerCase()}`;
  const what = mode.kinds.length === 1 || !mode.parent ? aKind(mode.kinds[0]) : 'a next step';
  return mode.parent ? `Add ${what} that “${mode.parent.title}” leads to` : `Add ${what}`;
}
