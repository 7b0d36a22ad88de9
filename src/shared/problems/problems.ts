/** Zod-free constants of the problem screens (pages import these without pulling in zod). */
/** Tabs of the problem full view (?tab=) and their sub-tabs (?sub=). */
export const FULL_VIEW_TABS = [
  'overview',
  'activities',
  'outputs',
  'outcomes',
  'metrics',
  'data-points',
  'survey-questions',
  'sources',
  'integrations',
  'insights',
  'learnings',
] as const;
export type FullViewTab = (typeof FULL_VIEW_TABS)[number];
export const FULL_VIEW_TAB_LABELS: Record<FullViewTab, string> = {
  overview: 'Overview',
  activities: 'Activities',
  outputs: 'Outputs',
  outcomes: 'Outcomes',
  metrics: 'Metrics',
  'data-points': 'Data points',
  'survey-questions': 'Survey questions',
  sources: 'Sources',
  integrations: 'Integrations',
  insights: 'Insights',
  learnings: 'Learnings',
};
const OUTCOME_SUBS = ['all', 'short', 'medium', 'long', 'impact'] as const;
const METRIC_SUBS = ['all', 'activity', 'output', 'outcome'] as const;

export function parseTab(v: unknown): FullViewTab {
  return typeof v === 'string' && (FULL_VIEW_TABS as readonly string[]).includes(v)
    ? (v as FullViewTab)
    : 'overview';
}
export function parseSub(tab: FullViewTab, v: unknown): string | null {
  const list: readonly string[] | null =
    tab === 'outcomes' ? OUTCOME_SUBS : tab === 'metrics' ? METRIC_SUBS : null;
  if (!list) return null;
  return typeof v === 'string' && list.includes(v) ? v : 'all';
}
