import type { CategorySeries } from './series.js';
import type {
  ElementKind,
  MetricDirection,
  MetricType,
  OutcomeHorizon,
  ProjectStatus,
  ReportingPeriod,
} from '../toc/vocabulary.js';

/** Props of the metric, data point and survey question pages (built by modules/metrics/metrics.props.ts). */

/** A disaggregation dimension of a metric, e.g. { key: 'sex', label: 'Sex', categories: ['Female', 'Male'] } */
export interface Disaggregation {
  key: string;
  label: string;
  categories: string[];
}
/** A custom reporting period of a metric (period = 'custom') */
export interface CustomPeriod {
  key: string;
  label: string;
  start: string;
  end: string;
}
/** What a data point is measured from: nothing yet (manual), a survey question, a dataset column. */
export type DataPointBinding =
  | { kind: 'manual' }
  | { kind: 'survey_question'; questionId: string }
  | { kind: 'dataset_column'; sourceId: string; column: string };
/** A condition rows must meet (percent_meeting, and the optional filter) */
export interface DataPointCondition {
  field?: string;
  op: 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'not_empty';
  value?: string | number | boolean | Array<string | number>;
}

export interface MetricView {
  id: string;
  elementId: string;
  problemId: string;
  name: string;
  definition: string | null;
  unit: string | null;
  type: MetricType;
  currency: string | null;
  direction: MetricDirection;
  baselineValue: number | null;
  baselineDate: string | null;
  period: ReportingPeriod;
  periodStart: string | null;
  periodEnd: string | null;
  customPeriods: CustomPeriod[];
  disaggregations: Disaggregation[];
  standardRef: string | null;
  formula: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}
export interface DataPointView {
  id: string;
  metricId: string;
  key: string;
  name: string;
  description: string | null;
  measurement: string;
  binding: DataPointBinding;
  aggregation: string;
  condition: DataPointCondition | null;
  filter: DataPointCondition[];
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
/** Where a record sits: element, problem, project (for breadcrumbs and layout). */
export interface Trail {
  element: { id: string; kind: ElementKind; title: string; horizon: OutcomeHorizon | null };
  problem: { id: string; title: string };
  /** the status decides the archived-project policy */
  project: { id: string; name: string; status: ProjectStatus };
}
export interface PeriodOption {
  key: string;
  label: string;
}

/** A metric with its latest actual and progress (the project page's key metrics, the problem's insights tab). */
export interface KeyMetric {
  metricId: string;
  name: string;
  unit: string | null;
  type: MetricType;
  /** ISO 4217 code of a currency metric */
  currency: string | null;
  elementId: string;
  elementKind: ElementKind;
  elementTitle: string;
  problemId: string;
  /** a data point of the metric is starred */
  starred: boolean;
  baseline: number | null;
  latestPeriod: string | null;
  latestLabel: string | null;
  latestActual: number | null;
  latestTarget: number | null;
  /** from baseline toward the target, 0..1; null when unknown */
  progress: number | null;
}

export interface MetricShowProps {
  metric: MetricView;
  kindLabel: string;
  trail: Trail;
  periods: PeriodOption[];
  targets: Record<string, number>;
  dataPoints: DataPointView[];
  entries: EntryView[];
  series: SeriesPoint[];
  categories: CategorySeries[];
}

export interface DataPointShowProps {
  dataPoint: DataPointView;
  metric: MetricView;
  metricKindLabel: string;
  trail: Trail;
  questions: QuestionView[];
}

export interface SurveyQuestionShowProps {
  question: QuestionView;
  dataPoint: DataPointView;
  metric: MetricView;
  metricKindLabel: string;
  trail: Trail;
}
