import { z } from 'zod';
import {
  AGGREGATIONS,
  ANSWER_TYPES,
  DATA_POINT_MEASUREMENTS,
  METRIC_DIRECTIONS,
  METRIC_TYPES,
  REPORTING_PERIODS,
  type MetricType,
} from '../toc/vocabulary.js';
import { isIsoDate, MAX_PERIODS, periodCount } from './periods.js';

/** Inputs of metrics, targets, data points, survey questions and values (shared by client and server). */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optText = (max: number, label = 'This') =>
  z
    .preprocess(
      blankToNull,
      z.string().trim().max(max, `${label} may have at most ${max} characters.`).nullable(),
    )
    .optional();
const reqText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);
/** a number, also from a numeric string; '' -> null */
const toNumber = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (s === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s) ? Number(s) : v;
};
const numberInput = (message = 'Enter a number.') =>
  z.preprocess(toNumber, z.number({ error: message }).finite(message));
const optDate = (message = 'Enter a date (YYYY-MM-DD).') =>
  z
    .preprocess(blankToNull, z.string({ error: message }).refine(isIsoDate, message).nullable())
    .optional();
/** An update must change something: an empty body is refused (on `field`). */
const changesSomething = <T extends z.ZodObject>(schema: T, field: string) =>
  schema.refine((o: Record<string, unknown>) => Object.values(o).some((v) => v !== undefined), {
    message: 'Change at least one field.',
    path: [field],
  });
const KEY_RE = /^[a-z][a-z0-9_]{0,62}$/;
const keyField = (what: string) =>
  z
    .string({ error: `Give the ${what} a key.` })
    .min(1, `Give the ${what} a key.`)
    .regex(KEY_RE, 'Use lower-case letters, digits and underscores, starting with a letter.');

export const DISAGGREGATION_PRESETS = [
  { key: 'sex', label: 'Sex', categories: ['Female', 'Male', 'Other'] },
  { key: 'age_group', label: 'Age group', categories: ['0-14', '15-24', '25-49', '50+'] },
  { key: 'location', label: 'Location', categories: [] as string[] },
] as const;

export const METRIC_DIRECTION_LABELS = {
  increase: 'Increase is good',
  decrease: 'Decrease is good',
  maintain: 'Keep steady',
} as const;
export const REPORTING_PERIOD_LABELS = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  annual: 'Annual',
  fiscal_quarterly: 'Fiscal quarterly',
  fiscal_annual: 'Fiscal annual',
  custom: 'Custom periods',
} as const;
export const AGGREGATION_LABELS = {
  count: 'Count of entries',
  count_distinct: 'Count of distinct values',
  sum: 'Sum',
  average: 'Average',
  min: 'Minimum',
  max: 'Maximum',
  percent_meeting: 'Percentage meeting a condition',
} as const;
export const MEASUREMENT_LABELS = {
  manual: 'Manual entry per period',
  survey_question: 'A survey question',
  dataset_column: 'A dataset column',
} as const;
export const ANSWER_TYPE_LABELS = {
  text: 'Short text',
  long_text: 'Long text',
  number: 'Number',
  integer: 'Whole number',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  yes_no: 'Yes / no',
  date: 'Date',
  rating: 'Rating',
} as const;

const disaggregationSchema = z.strictObject({
  key: keyField('dimension'),
  label: reqText(100, 'Name the dimension.'),
  categories: z
    .array(reqText(100, 'Name the category.'))
    .min(1, 'Add at least one category.')
    .max(50, 'At most 50 categories.'),
});
const customPeriodSchema = z.strictObject({
  key: z
    .string({ error: 'Give the period a key.' })
    .trim()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9_.-]{0,30}$/,
      'Use letters, digits, dots, dashes or underscores (e.g. 2026-H1).',
    ),
  label: reqText(100, 'Name the period.'),
  start: z.string().refine(isIsoDate, 'Enter a date (YYYY-MM-DD).'),
  end: z.string().refine(isIsoDate, 'Enter a date (YYYY-MM-DD).'),
});

const metricFields = {
  name: reqText(200, 'Give the metric a name.'),
  definition: optText(4000),
  unit: optText(50),
  type: z.enum(METRIC_TYPES, { error: 'Choose a type.' }),
  currency: z
    .preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as USD.')
        .nullable(),
    )
    .optional(),
  direction: z.enum(METRIC_DIRECTIONS, { error: 'Choose the direction of good change.' }),
  baselineValue: z
    .preprocess(
      toNumber,
      z.number({ error: 'Enter a number.' }).finite('Enter a number.').nullable(),
    )
    .optional(),
  baselineDate: optDate(),
  period: z.enum(REPORTING_PERIODS, { error: 'Choose a reporting period.' }),
  periodStart: optDate(),
  periodEnd: optDate(),
  customPeriods: z
    .array(customPeriodSchema)
    .max(MAX_PERIODS, `At most ${MAX_PERIODS} periods.`)
    .optional(),
  disaggregations: z.array(disaggregationSchema).max(5, 'At most 5 dimensions.').optional(),
  standardRef: optText(100),
  // not trimmed at the start: error positions must match what the user typed
  formula: z
    .preprocess(
      blankToNull,
      z
        .string()
        .max(500, 'The formula may have at most 500 characters.')
        .transform((f) => f.trimEnd())
        .nullable(),
    )
    .optional(),
};

export const createMetricSchema = z.strictObject({
  ...metricFields,
  type: metricFields.type.default('count'),
  direction: metricFields.direction.default('increase'),
  period: metricFields.period.default('quarterly'),
});
export type CreateMetricInput = z.output<typeof createMetricSchema>;
export const updateMetricSchema = changesSomething(z.strictObject(metricFields).partial(), 'name');
export type UpdateMetricInput = z.output<typeof updateMetricSchema>;

/** The metric as a whole after create/update: rules across fields, as field errors. */
export interface MetricShape {
  type: string;
  currency?: string | null;
  period: string;
  periodStart?: string | null;
  periodEnd?: string | null;
  fiscalStartMonth?: number | null;
  baselineDate?: string | null;
  baselineValue?: number | null;
  customPeriods?: Array<{ key: string; start: string; end: string }>;
  disaggregations?: Array<{ key: string; categories: string[] }>;
}
export function metricRuleErrors(m: MetricShape): Record<string, string> {
  const errors: Record<string, string> = {};
  if (m.type === 'currency' && !m.currency)
    errors.currency = 'Choose the currency of a currency metric.';
  // the baseline is a figure of the metric itself (as its targets are): a percentage stays within 0..100
  if (
    m.type === 'percentage' &&
    typeof m.baselineValue === 'number' &&
    (m.baselineValue < 0 || m.baselineValue > 100)
  )
    errors.baselineValue = 'A percentage is between 0 and 100.';
  if (m.period === 'custom') {
    const cps = m.customPeriods ?? [];
    if (!cps.length) errors.customPeriods = 'Add at least one custom period.';
    const seen = new Set<string>();
    cps.forEach((p, i) => {
      if (seen.has(p.key)) errors[`customPeriods.${i}.key`] = `The key ${p.key} is used twice.`;
      seen.add(p.key);
      if (p.end < p.start) errors[`customPeriods.${i}.end`] = 'The end comes before the start.';
    });
  } else {
    if (!m.periodStart) errors.periodStart = 'When does reporting start?';
    if (!m.periodEnd) errors.periodEnd = 'When does reporting end?';
    if (m.periodStart && m.periodEnd) {
      if (m.periodEnd < m.periodStart) errors.periodEnd = 'The end comes before the start.';
      else if (
        (periodCount(m.period, m.periodStart, m.periodEnd, m.fiscalStartMonth) ?? 0) > MAX_PERIODS
      )
        errors.periodEnd = `That range has more than ${MAX_PERIODS} reporting periods.`;
    }
  }
  const dims = new Set<string>();
  (m.disaggregations ?? []).forEach((d, i) => {
    if (dims.has(d.key))
      errors[`disaggregations.${i}.key`] = `The dimension ${d.key} is used twice.`;
    dims.add(d.key);
    if (new Set(d.categories).size !== d.categories.length)
      errors[`disaggregations.${i}.categories`] = 'A category is listed twice.';
  });
  return errors;
}

export const targetsSchema = z.strictObject({
  targets: z
    .array(
      z.strictObject({
        period: z.string({ error: 'Choose a period.' }).trim().min(1, 'Choose a period.').max(40),
        value: z.preprocess(
          toNumber,
          z.number({ error: 'Enter a number.' }).finite('Enter a number.').nullable(),
        ),
      }),
    )
    .max(MAX_PERIODS, `At most ${MAX_PERIODS} targets.`),
});
export type TargetsInput = z.output<typeof targetsSchema>;

const conditionSchema = z.strictObject({
  field: z.string().trim().max(100).optional(),
  op: z.enum(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'not_empty'], {
    error: 'Choose a comparison.',
  }),
  value: z
    .union([
      z.string().max(200),
      z.number().finite(),
      z.boolean(),
      z.array(z.union([z.string().max(200), z.number().finite()])).max(50),
    ])
    .optional(),
});
export const CONDITION_OP_LABELS = {
  eq: 'equals',
  neq: 'does not equal',
  gt: 'is greater than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
  in: 'is one of',
  not_empty: 'is not empty',
} as const;

const dataPointFields = {
  key: keyField('data point'),
  name: reqText(200, 'Give the data point a name.'),
  description: optText(2000),
  measurement: z.enum(DATA_POINT_MEASUREMENTS, { error: 'Choose how it is measured.' }),
  aggregation: z.enum(AGGREGATIONS, { error: 'Choose an aggregation.' }),
  condition: conditionSchema.nullable().optional(),
  filter: z.array(conditionSchema).max(20, 'At most 20 filter conditions.').optional(),
  starred: z.boolean().optional(),
};
export const createDataPointSchema = z.strictObject({
  ...dataPointFields,
  measurement: dataPointFields.measurement.default('manual'),
  aggregation: dataPointFields.aggregation.default('sum'),
});
export type CreateDataPointInput = z.output<typeof createDataPointSchema>;
export const updateDataPointSchema = changesSomething(
  z.strictObject(dataPointFields).partial(),
  'name',
);
export type UpdateDataPointInput = z.output<typeof updateDataPointSchema>;

/** A form question or a dataset column is bound on the data point's page (its binding form), not here. */
export function measurementError(measurement: string | undefined): string | null {
  if (measurement === 'survey_question')
    return 'Bind the data point to a form question on its page (Binding), once it is created.';
  if (measurement === 'dataset_column')
    return 'Bind the data point to a dataset column on its page (Binding), once it is created.';
  return null;
}

const questionFields = {
  text: reqText(500, 'Write the question.'),
  helpText: optText(1000),
  answerType: z.enum(ANSWER_TYPES, { error: 'Choose an answer type.' }),
  choices: z
    .array(reqText(200, 'A choice cannot be empty.'))
    .max(100, 'At most 100 choices.')
    .optional(),
  required: z.boolean().optional(),
};
export const createSurveyQuestionSchema = z.strictObject({
  ...questionFields,
  answerType: questionFields.answerType.default('text'),
});
export type CreateSurveyQuestionInput = z.output<typeof createSurveyQuestionSchema>;
export const updateSurveyQuestionSchema = changesSomething(
  z.strictObject(questionFields).partial(),
  'text',
);
export function choicesError(answerType: string, choices: string[]): string | null {
  const needs = answerType === 'single_choice' || answerType === 'multiple_choice';
  if (needs && choices.length < 2) return 'Give at least two choices.';
  if (new Set(choices).size !== choices.length) return 'A choice is listed twice.';
  return null;
}

const valueFields = {
  dataPointId: z.uuid({ error: 'Choose a data point.' }),
  period: z
    .string({ error: 'Choose a period.' })
    .trim()
    .min(1, 'Choose a period.')
    .max(40, 'Choose a period.'),
  disaggregation: z.record(z.string().max(63), z.string().max(100)).optional(),
  value: numberInput('The value must be a number.'),
  note: optText(1000),
};
export const createValueSchema = z.strictObject(valueFields);
export type CreateValueInput = z.output<typeof createValueSchema>;
/** PUT replaces the entry: the same fields as a new one */
export const updateValueSchema = z.strictObject(valueFields);
export type UpdateValueInput = z.output<typeof updateValueSchema>;

/** A value that the metric's type refuses, as the message for the `value` field; null if fine. */
export function valueError(type: MetricType | string, value: number): string | null {
  if (type === 'percentage' && (value < 0 || value > 100))
    return 'A percentage is between 0 and 100.';
  if (type === 'yes_no' && value !== 0 && value !== 1) return 'Enter 1 for yes or 0 for no.';
  if (type === 'count' && (!Number.isInteger(value) || value < 0))
    return 'A count is a whole number, 0 or more.';
  return null;
}

/** Canonical form of a disaggregation: sorted `key=value` joined by '|'; '' for the total. */
export function disaggregationKey(d: Readonly<Record<string, string>>): string {
  return Object.keys(d)
    .sort()
    .map((k) => `${k}=${d[k]}`)
    .join('|');
}

const bindingKey = z.string().trim().max(63, 'Choose from the list.');
/** The binding form of a data point's page (PUT data-points.binding). */
export const bindDataPointSchema = z.strictObject({
  kind: z.enum(['manual', 'survey_question', 'dataset_column'], {
    error: 'Choose where the values come from.',
  }),
  questionId: z.uuid({ error: 'Choose the form question.' }).optional(),
  datasetId: z.uuid({ error: 'Choose a dataset.' }).optional(),
  columnKey: bindingKey.optional(),
  periodKey: bindingKey.nullable().optional(),
  disaggregations: z
    .record(z.string().max(63), bindingKey)
    .refine((r) => Object.keys(r).length <= 5, 'At most 5 dimensions.')
    .optional(),
  filter: z.string().max(2000, 'Use at most 2000 characters.').nullable().optional(),
});
export type BindDataPointInput = z.output<typeof bindDataPointSchema>;
