/** Props of the metric pages, as the server sends them (see modules/metrics/metrics.props.ts). */
export interface Disaggregation {
  key: string;
  label: string;
  categories: string[];
}
export interface CustomPeriod {
  key: string;
  label: string;
  start: string;
  end: string;
}
export interface MetricView {
  id: string;
  elementId: string;
  problemId: string;
  name: string;
  definition: string | null;
  unit: string | null;
  type: string;
  currency: string | null;
  direction: string;
  baselineValue: number | null;
  baselineDate: string | null;
  period: string;
  periodStart: string | null;
  periodEnd: string | null;
  customPeriods: CustomPeriod[];
  disaggregations: Disaggregation[];
  standardRef: string | null;
  formula: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}
export interface Condition {
  field?: string;
  op: string;
  value?: string | number | boolean | Array<string | number>;
}
export interface DataPointView {
  id: string;
  metricId: string;
  key: string;
  name: string;
  description: string | null;
  measurement: string;
  binding: { kind: string; [k: string]: unknown };
  aggregation: string;
  condition: Condition | null;
  filter: Condition[];
  starred: boolean;
  createdAt: string | null;
}
export interface QuestionView {
  id: string;
  dataPointId: string;
  text: string;
  helpText: string | null;
  answerType: string;
  choices: string[];
  required: boolean;
  createdAt: string | null;
}
export interface EntryView {
  id: string;
  dataPointId: string;
  dataPointKey: string | null;
  period: string;
  periodLabel: string;
  disaggregation: Record<string, string>;
  value: number;
  note: string | null;
  enteredBy: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}
export interface SeriesPoint {
  period: string;
  label: string;
  target: number | null;
  baseline: number | null;
  actual: number | null;
  sources: string[];
}
export interface CategorySeries {
  dimension: string;
  dimensionLabel: string;
  category: string;
  points: Array<{ period: string; actual: number | null; sources: string[] }>;
}
export interface Trail {
  element: { id: string; kind: string; title: string; horizon: string | null };
  problem: { id: string; title: string };
  project: { id: string; name: string };
}
export interface PeriodOption {
  key: string;
  label: string;
}
