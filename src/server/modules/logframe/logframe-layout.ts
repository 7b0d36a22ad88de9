import type {
  ElementKind,
  OutcomeHorizon,
  ReportingPeriod,
} from '../../../shared/toc/vocabulary.js';

/**
 * The logframe workbook's layout, shared by the writer and the reader: sheet names, column
 * headers, level words, the text escaping that keeps spreadsheet apps from evaluating cells, and
 * the small rules (which level may contribute to which, which period keys fit a metric).
 */
export const SHEETS = {
  logframe: 'Logframe',
  targets: 'Targets & actuals',
  questions: 'Survey questions',
  about: 'About',
} as const;

/** Columns of the "Logframe" sheet, in order (the reader maps them by header text, not position). */
export const LOGFRAME_COLUMNS = [
  // the result (element)
  { key: 'level', header: 'Level', width: 22, group: 'result' },
  { key: 'ref', header: 'Ref', width: 8, group: 'result' },
  { key: 'title', header: 'Title', width: 40, group: 'result' },
  { key: 'description', header: 'Description', width: 40, group: 'result' },
  { key: 'contributesTo', header: 'Contributes to', width: 16, group: 'result' },
  { key: 'assumptions', header: 'Assumptions', width: 30, group: 'result' },
  { key: 'risks', header: 'Risks', width: 30, group: 'result' },
  // the metric (indicator)
  { key: 'metricRef', header: 'Metric ref', width: 10, group: 'metric' },
  { key: 'metric', header: 'Metric', width: 36, group: 'metric' },
  { key: 'definition', header: 'Definition', width: 36, group: 'metric' },
  { key: 'unit', header: 'Unit', width: 10, group: 'metric' },
  { key: 'type', header: 'Type', width: 12, group: 'metric' },
  { key: 'direction', header: 'Direction', width: 11, group: 'metric' },
  { key: 'period', header: 'Period', width: 11, group: 'metric' },
  { key: 'baselineValue', header: 'Baseline value', width: 10, group: 'metric' },
  { key: 'baselineDate', header: 'Baseline date', width: 12, group: 'metric' },
  { key: 'periodStart', header: 'Period start', width: 12, group: 'metric' },
  { key: 'periodEnd', header: 'Period end', width: 12, group: 'metric' },
  { key: 'standardRef', header: 'Standard ref', width: 14, group: 'metric' },
  { key: 'formula', header: 'Formula', width: 24, group: 'metric' },
  { key: 'disaggregations', header: 'Disaggregations', width: 32, group: 'metric' },
  // the data point
  { key: 'dpKey', header: 'Data point key', width: 16, group: 'dataPoint' },
  { key: 'dpName', header: 'Data point name', width: 28, group: 'dataPoint' },
  { key: 'dpDescription', header: 'Data point description', width: 30, group: 'dataPoint' },
  { key: 'measurement', header: 'Measurement', width: 14, group: 'dataPoint' },
  { key: 'aggregation', header: 'Aggregation', width: 14, group: 'dataPoint' },
  { key: 'starred', header: 'Starred', width: 9, group: 'dataPoint' },
] as const;
export type LogframeColumn = (typeof LOGFRAME_COLUMNS)[number]['key'];

export const QUESTION_COLUMNS = [
  { key: 'metricRef', header: 'Metric ref', width: 10 },
  { key: 'dpKey', header: 'Data point key', width: 16 },
  { key: 'text', header: 'Question', width: 50 },
  { key: 'helpText', header: 'Help text', width: 36 },
  { key: 'answerType', header: 'Answer type', width: 16 },
  { key: 'choices', header: 'Choices', width: 36 },
  { key: 'required', header: 'Required', width: 10 },
] as const;
export type QuestionColumn = (typeof QUESTION_COLUMNS)[number]['key'];

/** Fixed columns of "Targets & actuals"; then "<period> target" and "<period> actual" pairs. */
export const TARGET_COLUMNS = [
  { key: 'metricRef', header: 'Metric ref', width: 10 },
  { key: 'element', header: 'Result', width: 30 },
  { key: 'metric', header: 'Metric', width: 36 },
  { key: 'unit', header: 'Unit', width: 10 },
  { key: 'baseline', header: 'Baseline', width: 10 },
] as const;
export const TARGET_SUFFIX = ' target';
export const ACTUAL_SUFFIX = ' actual';

export const METRIC_LEVEL = 'Metric';
export const DATA_POINT_LEVEL = 'Data point';

export interface Level {
  kind: ElementKind;
  horizon: OutcomeHorizon | null;
  label: string;
}
/** Element levels in logframe order (top to bottom). */
const LEVELS: Level[] = [
  { kind: 'impact', horizon: null, label: 'Impact' },
  { kind: 'outcome', horizon: 'long', label: 'Outcome (long term)' },
  { kind: 'outcome', horizon: 'medium', label: 'Outcome (medium term)' },
  { kind: 'outcome', horizon: 'short', label: 'Outcome (short term)' },
  { kind: 'outcome', horizon: null, label: 'Outcome' },
  { kind: 'output', horizon: null, label: 'Output' },
  { kind: 'activity', horizon: null, label: 'Activity' },
];
export const ROW_KINDS = [...LEVELS.map((l) => l.label), METRIC_LEVEL, DATA_POINT_LEVEL];

export function levelIndex(kind: ElementKind, horizon: OutcomeHorizon | null | undefined): number {
  const i = LEVELS.findIndex(
    (l) => l.kind === kind && l.horizon === (kind === 'outcome' ? (horizon ?? null) : null),
  );
  return i < 0 ? LEVELS.length : i;
}
export function levelLabel(kind: ElementKind, horizon: OutcomeHorizon | null | undefined) {
  return LEVELS[levelIndex(kind, horizon)]?.label ?? kind;
}
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
/** "Outcome (short term)", "outcome (Short-Term)" -> the level; also "Metric" / "Data point"; null when unknown. */
export function parseLevel(text: string): Level | 'metric' | 'dataPoint' | null {
  const n = norm(text);
  if (n === norm(METRIC_LEVEL) || n === 'indicator') return 'metric';
  if (n === norm(DATA_POINT_LEVEL)) return 'dataPoint';
  return LEVELS.find((l) => norm(l.label) === n) ?? null;
}

/** Period keys: 2026-03 (monthly), 2026-Q1 (quarterly), 2026 (annual), FY2027-Q1 / FY2027 (fiscal), any short key (custom). */
export const PERIOD_KEY_PATTERNS: Record<ReportingPeriod, RegExp> = {
  monthly: /^\d{4}-(0[1-9]|1[0-2])$/,
  quarterly: /^\d{4}-Q[1-4]$/,
  annual: /^\d{4}$/,
  fiscal_quarterly: /^FY\d{4}-Q[1-4]$/,
  fiscal_annual: /^FY\d{4}$/,
  custom: /^[A-Za-z0-9_.-]{1,20}$/,
};
export const PERIOD_KEY_HINT: Record<ReportingPeriod, string> = {
  monthly: '2026-03',
  quarterly: '2026-Q1',
  annual: '2026',
  fiscal_quarterly: 'FY2027-Q1',
  fiscal_annual: 'FY2027',
  custom: 'a short key (letters, digits, . _ -)',
};

/** "sex (Sex): Female|Male; age_group (Age group): 15-24|25+" */
export function formatDisaggregations(
  list: Array<{ key: string; label: string; categories: string[] }>,
): string {
  return list.map((d) => `${d.key} (${d.label}): ${d.categories.join('|')}`).join('; ');
}
export function parseDisaggregations(
  text: string,
): Array<{ key: string; label: string; categories: string[] }> | string {
  const out: Array<{ key: string; label: string; categories: string[] }> = [];
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([a-z][a-z0-9_]{0,62})\s*(?:\(([^()]*)\))?\s*:\s*(.*)$/.exec(part);
    if (!m) return `"${part}" is not "key (Label): Category|Category".`;
    const categories = m[3]
      .split('|')
      .map((c) => c.trim())
      .filter(Boolean);
    if (!categories.length) return `"${m[1]}" lists no categories.`;
    const label = m[2]?.trim() || m[1].replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
    out.push({ key: m[1], label, categories });
  }
  return out;
}

/** "Yes"/"No" for booleans, read back leniently. */
export const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
export function parseYesNo(text: string): boolean | null {
  const n = norm(text);
  if (['yes', 'y', 'true', '1', 'x'].includes(n)) return true;
  if (['no', 'n', 'false', '0', ''].includes(n)) return false;
  return null;
}

/** The workbook's limits on import. */
export const IMPORT_LIMITS = {
  fileBytes: 5 * 1024 * 1024,
  unzippedBytes: 50 * 1024 * 1024,
  zipEntries: 500,
  rows: 20_000,
  rangeCells: 2_000_000,
} as const;

/** Label -> problem field of the "About" sheet (the reader reads the same labels). */
export const ABOUT_FIELDS = [
  ['Problem', 'title'],
  ['Problem statement', 'statement'],
  ['Root causes', 'rootCauses'],
  ['Population (who)', 'populationWho'],
  ['Population (count)', 'populationCount'],
  ['Geography', 'geography'],
  ['Evidence', 'evidence'],
] as const;
