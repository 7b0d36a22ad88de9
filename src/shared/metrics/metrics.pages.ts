import type { CategorySeries, SeriesPoint } from './series.js';
import type { BindingPanel, BindingState } from './bindings.js';
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
/**
 * How a bound data point's rows are read (docs/datasets.md section 6): the period from a date
 * question / column (null: the submission time for forms, the version's import date for datasets),
 * metric dimension key -> the choice question / column giving its category, and a filter (an
 * expression of src/shared/expressions over the question / column keys) keeping some rows only.
 */
export interface BindingOptions {
  periodKey?: string | null;
  disaggregations?: Record<string, string>;
  filter?: string | null;
}
/**
 * What a data point is measured from: manual entries, the answers to the form questions that ask
 * one of its survey questions (every form, every version, by key), or a dataset column.
 */
export type DataPointBinding =
  | { kind: 'manual' }
  | ({ kind: 'survey_question'; questionId: string } & BindingOptions)
  | ({ kind: 'dataset_column'; datasetId: string; columnKey: string } & BindingOptions);
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
  /** fiscal periods: the month (1-12) the fiscal year starts in (a snapshot), else null */
  fiscalStartMonth: number | null;
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
export type { SeriesPoint } from './series.js';
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
  /** the state of each bound data point's binding, by data point id (manual ones absent) */
  bindings: Record<string, BindingState>;
}

export interface DataPointShowProps {
  dataPoint: DataPointView;
  metric: MetricView;
  metricKindLabel: string;
  trail: Trail;
  questions: QuestionView[];
  binding: BindingPanel;
}

export interface SurveyQuestionShowProps {
  question: QuestionView;
  dataPoint: DataPointView;
  metric: MetricView;
  metricKindLabel: string;
  trail: Trail;
}
