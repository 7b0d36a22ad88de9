import { z } from 'zod';
import {
  AGGREGATIONS,
  ANSWER_TYPES,
  DATA_POINT_MEASUREMENTS,
  ELEMENT_KINDS,
  METRIC_DIRECTIONS,
  METRIC_TYPES,
  OUTCOME_HORIZONS,
  REPORTING_PERIODS,
} from './vocabulary.js';

/**
 * A theory of change as a self-contained tree, with no database ids: what the library ships,
 * what "save to library" stores, what a logframe XLSX imports to, and what "copy" materialises
 * into a project (always as new, independent rows). Elements refer to each other by `ref`.
 */
const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullish();

const surveyQuestionTemplateSchema = z.strictObject({
  text: text(500).min(1),
  helpText: optionalText(1000),
  answerType: z.enum(ANSWER_TYPES),
  choices: z.array(text(200).min(1)).max(100).default([]),
  required: z.boolean().default(false),
});

const conditionSchema = z.strictObject({
  field: z.string().trim().max(100).optional(),
  op: z.enum(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'not_empty']),
  value: z
    .union([
      z.string().max(500),
      z.number().finite(),
      z.boolean(),
      z.array(z.union([z.string().max(500), z.number().finite()])).max(100),
    ])
    .optional(),
});

const dataPointTemplateSchema = z.strictObject({
  key: z
    .string()
    .regex(
      /^[a-z][a-z0-9_]{0,62}$/,
      'Use lower-case letters, digits and underscores, starting with a letter.',
    ),
  name: text(200).min(1),
  description: optionalText(2000),
  measurement: z.enum(DATA_POINT_MEASUREMENTS).default('manual'),
  aggregation: z.enum(AGGREGATIONS).default('sum'),
  starred: z.boolean().default(false),
  /** percent_meeting's condition and the rows' filter */
  condition: conditionSchema.nullish(),
  filter: z.array(conditionSchema).max(20).optional(),
  questions: z.array(surveyQuestionTemplateSchema).max(50).default([]),
});

const metricTemplateSchema = z.strictObject({
  name: text(200).min(1),
  definition: optionalText(4000),
  unit: optionalText(50),
  type: z.enum(METRIC_TYPES),
  direction: z.enum(METRIC_DIRECTIONS).default('increase'),
  period: z.enum(REPORTING_PERIODS).default('quarterly'),
  /** fiscal periods: the month the fiscal year starts in (else the importing team's setting) */
  fiscalStartMonth: z.number().int().min(1).max(12).nullish(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullish(),
  customPeriods: z
    .array(
      z.strictObject({
        key: z.string().trim().min(1).max(20),
        label: text(100),
        start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      }),
    )
    .max(200)
    .optional(),
  disaggregations: z
    .array(
      z.strictObject({
        key: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/),
        label: text(100).min(1),
        categories: z.array(text(100).min(1)).min(1).max(50),
      }),
    )
    .max(5)
    .default([]),
  standardRef: optionalText(100),
  formula: optionalText(1000),
  /** library content leaves baselines and targets to the user; a logframe import may carry them */
  baselineValue: z.number().finite().nullish(),
  baselineDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullish(),
  periodStart: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullish(),
  periodEnd: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullish(),
  targets: z
    .array(z.strictObject({ period: text(20).min(1), value: z.number().finite() }))
    .max(500)
    .default([]),
  dataPoints: z.array(dataPointTemplateSchema).max(50).default([]),
});

const elementTemplateSchema = z.strictObject({
  ref: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/),
  kind: z.enum(ELEMENT_KINDS),
  horizon: z.enum(OUTCOME_HORIZONS).nullish(),
  title: text(300).min(1),
  description: optionalText(4000),
  assumptions: optionalText(4000),
  risks: optionalText(4000),
  metrics: z.array(metricTemplateSchema).max(50).default([]),
});

const linkTemplateSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  assumptions: optionalText(4000),
  risks: optionalText(4000),
});

export const problemTemplateSchema = z.strictObject({
  problem: z.strictObject({
    title: text(300).min(1),
    statement: optionalText(8000),
    rootCauses: optionalText(8000),
    populationWho: optionalText(1000),
    populationCount: z.number().int().nonnegative().nullish(),
    geography: optionalText(1000),
    evidence: optionalText(8000),
  }),
  elements: z.array(elementTemplateSchema).max(5000),
  links: z.array(linkTemplateSchema).max(20000).default([]),
});

/** A strategy: a reusable bundle of activities and outputs (with their metrics) copied into an existing problem. */
export const strategyTemplateSchema = z.strictObject({
  elements: z
    .array(
      elementTemplateSchema.refine(
        (e) => e.kind === 'activity' || e.kind === 'output',
        'A strategy holds activities and outputs only.',
      ),
    )
    .min(1)
    .max(500),
  links: z.array(linkTemplateSchema).max(2000).default([]),
});

export type SurveyQuestionTemplate = z.infer<typeof surveyQuestionTemplateSchema>;
export type DataPointTemplate = z.infer<typeof dataPointTemplateSchema>;
export type MetricTemplate = z.infer<typeof metricTemplateSchema>;
export type ElementTemplate = z.infer<typeof elementTemplateSchema>;
export type ProblemTemplate = z.infer<typeof problemTemplateSchema>;
export type StrategyTemplate = z.infer<typeof strategyTemplateSchema>;
