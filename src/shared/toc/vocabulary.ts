/**
 * The words of the results framework, shared by server and client: element levels, statuses,
 * metric types and periods, data point aggregations, survey answer types. Change a list here and
 * both sides (and the zod schemas built from it) follow.
 */
export const ELEMENT_KINDS = ['activity', 'output', 'outcome', 'impact'] as const;
export type ElementKind = (typeof ELEMENT_KINDS)[number];
export const ELEMENT_KIND_LABELS: Record<ElementKind, string> = {
  activity: 'Activity',
  output: 'Output',
  outcome: 'Outcome',
  impact: 'Impact',
};

export const OUTCOME_HORIZONS = ['short', 'medium', 'long'] as const;
export type OutcomeHorizon = (typeof OUTCOME_HORIZONS)[number];
export const OUTCOME_HORIZON_LABELS: Record<OutcomeHorizon, string> = {
  short: 'Short term',
  medium: 'Medium term',
  long: 'Long term',
};

export const ELEMENT_STATUSES = ['planned', 'in_progress', 'done', 'at_risk', 'dropped'] as const;
export type ElementStatus = (typeof ELEMENT_STATUSES)[number];
export const ELEMENT_STATUS_LABELS: Record<ElementStatus, string> = {
  planned: 'Planned',
  in_progress: 'In progress',
  done: 'Done',
  at_risk: 'At risk',
  dropped: 'Dropped',
};

export const PROJECT_STATUSES = ['active', 'archived'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROBLEM_STATUSES = ['draft', 'active', 'closed'] as const;
export type ProblemStatus = (typeof PROBLEM_STATUSES)[number];
export const PROBLEM_STATUS_LABELS: Record<ProblemStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  closed: 'Closed',
};

export const METRIC_TYPES = [
  'count',
  'number',
  'percentage',
  'currency',
  'ratio',
  'yes_no',
] as const;
export type MetricType = (typeof METRIC_TYPES)[number];
export const METRIC_TYPE_LABELS: Record<MetricType, string> = {
  count: 'Count',
  number: 'Number',
  percentage: 'Percentage',
  currency: 'Currency',
  ratio: 'Ratio',
  yes_no: 'Yes / no',
};

export const METRIC_DIRECTIONS = ['increase', 'decrease', 'maintain'] as const;
export type MetricDirection = (typeof METRIC_DIRECTIONS)[number];

export const REPORTING_PERIODS = [
  'monthly',
  'quarterly',
  'annual',
  'fiscal_quarterly',
  'fiscal_annual',
  'custom',
] as const;
export type ReportingPeriod = (typeof REPORTING_PERIODS)[number];

export const DATA_POINT_MEASUREMENTS = ['manual', 'survey_question', 'dataset_column'] as const;
export type DataPointMeasurement = (typeof DATA_POINT_MEASUREMENTS)[number];

export const AGGREGATIONS = [
  'count',
  'count_distinct',
  'sum',
  'average',
  'min',
  'max',
  'percent_meeting',
] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

export const ANSWER_TYPES = [
  'text',
  'long_text',
  'number',
  'integer',
  'single_choice',
  'multiple_choice',
  'yes_no',
  'date',
  'rating',
] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

/** what a comment can be attached to */
export const COMMENT_SUBJECTS = [
  'project',
  'problem',
  'element',
  'link',
  'metric',
  'data_point',
  'survey_question',
] as const;
export type CommentSubject = (typeof COMMENT_SUBJECTS)[number];
