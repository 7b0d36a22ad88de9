import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import { problems, tocElements } from '../problems/read-model.js';
import type {
  CustomPeriod,
  DataPointBinding,
  DataPointCondition,
  Disaggregation,
} from '../../../shared/metrics/metrics.pages.js';
import type {
  Aggregation,
  AnswerType,
  DataPointMeasurement,
  MetricDirection,
  MetricType,
  ReportingPeriod,
} from '../../../shared/toc/vocabulary.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// the JSON column shapes are part of the page contract (src/shared/metrics/metrics.pages.ts)
export type {
  CustomPeriod,
  DataPointBinding,
  DataPointCondition,
  Disaggregation,
} from '../../../shared/metrics/metrics.pages.js';

/** An activity, output or outcome metric (indicator). */
export const metrics = pgTable(
  'metrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    problemId: uuid('problem_id')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    elementId: uuid('element_id')
      .notNull()
      .references(() => tocElements.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    definition: text('definition'),
    unit: text('unit'),
    /** count | number | percentage | currency | ratio | yes_no */
    type: text('type').$type<MetricType>().notNull().default('count'),
    /** ISO 4217 code when type = currency */
    currency: text('currency'),
    /** increase | decrease | maintain */
    direction: text('direction').$type<MetricDirection>().notNull().default('increase'),
    baselineValue: doublePrecision('baseline_value'),
    baselineDate: date('baseline_date'),
    /** monthly | quarterly | annual | fiscal_quarterly | fiscal_annual | custom */
    period: text('period').$type<ReportingPeriod>().notNull().default('quarterly'),
    /**
     * fiscal periods: the month (1-12) the fiscal year starts in, the team's setting when the
     * period was set (a snapshot: changing the setting later never re-keys this metric's data)
     */
    fiscalStartMonth: integer('fiscal_start_month'),
    /** the reporting range: values and targets outside it are refused */
    periodStart: date('period_start'),
    periodEnd: date('period_end'),
    customPeriods: jsonb('custom_periods').$type<CustomPeriod[]>().notNull().default([]),
    disaggregations: jsonb('disaggregations').$type<Disaggregation[]>().notNull().default([]),
    /** an optional standard indicator reference, e.g. "SDG 4.1.1" or "IRIS+ PI4060" */
    standardRef: text('standard_ref'),
    /** combines the metric's data points by key, e.g. "percent(girls_passing, girls_tested)"; null = its key data point */
    formula: text('formula'),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('metrics_element_idx').on(t.elementId, t.position),
    index('metrics_problem_idx').on(t.problemId),
    index('metrics_team_idx').on(t.teamId),
  ],
);

/** A metric's target for one reporting period (period key: 2026-03, 2026-Q1, 2026 or a custom key). */
export const metricTargets = pgTable(
  'metric_targets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    metricId: uuid('metric_id')
      .notNull()
      .references(() => metrics.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [uniqueIndex('metric_targets_metric_period_uq').on(t.metricId, t.period)],
);

/** A data point of a metric: one measured quantity, referenced by `key` in the metric's formula. */
export const dataPoints = pgTable(
  'data_points',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    problemId: uuid('problem_id')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    metricId: uuid('metric_id')
      .notNull()
      .references(() => metrics.id, { onDelete: 'cascade' }),
    /** identifier used in formulas: lower snake case, unique within the metric */
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** manual | survey_question | dataset_column */
    measurement: text('measurement').$type<DataPointMeasurement>().notNull().default('manual'),
    binding: jsonb('binding').$type<DataPointBinding>().notNull().default({ kind: 'manual' }),
    /** count | count_distinct | sum | average | min | max | percent_meeting */
    aggregation: text('aggregation').$type<Aggregation>().notNull().default('sum'),
    condition: jsonb('condition').$type<DataPointCondition | null>(),
    filter: jsonb('filter').$type<DataPointCondition[]>().notNull().default([]),
    /** the star marker: a key data point */
    starred: boolean('starred').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('data_points_metric_key_uq').on(t.metricId, t.key),
    index('data_points_problem_idx').on(t.problemId),
  ],
);

/** A question a survey will ask to produce a data point (a later issue turns it into a form field). */
export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    problemId: uuid('problem_id')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    dataPointId: uuid('data_point_id')
      .notNull()
      .references(() => dataPoints.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    helpText: text('help_text'),
    /** text | long_text | number | integer | single_choice | multiple_choice | yes_no | date | rating */
    answerType: text('answer_type').$type<AnswerType>().notNull().default('text'),
    choices: jsonb('choices').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('survey_questions_data_point_idx').on(t.dataPointId, t.position)],
);

/**
 * One manually entered value of a data point for a period and (optionally) a disaggregation
 * category combination. Metric actuals are computed from these rows (later also from survey
 * responses and dataset rows), so every figure can be traced back to them.
 */
export const metricValues = pgTable(
  'metric_values',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    metricId: uuid('metric_id')
      .notNull()
      .references(() => metrics.id, { onDelete: 'cascade' }),
    dataPointId: uuid('data_point_id')
      .notNull()
      .references(() => dataPoints.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    /** { sex: 'Female', age_group: '15-24' }; {} for the total */
    disaggregation: jsonb('disaggregation').$type<Record<string, string>>().notNull().default({}),
    /** canonical form of `disaggregation` (sorted key=value joined by '|', '' for the total) */
    disaggregationKey: text('disaggregation_key').notNull().default(''),
    value: doublePrecision('value').notNull(),
    note: text('note'),
    enteredBy: text('entered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('metric_values_metric_period_idx').on(t.metricId, t.period),
    index('metric_values_data_point_idx').on(t.dataPointId, t.period, t.disaggregationKey),
  ],
);
