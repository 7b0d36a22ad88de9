import { z } from 'zod';
import { DATE_ORDERS } from './dates.js';

/**
 * A transformation recipe's steps (issue 11): typed specs, validated here and shared with the
 * client. Columns are referred to by their dataset key, never by a SQL name; the server compiles
 * the steps to one SQL statement (modules/transformations/transformations.compile.ts).
 */
const key = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,62}$/, 'Pick a column.')
  .max(63);
const label = z.string().trim().min(1, 'Give it a name.').max(120);
const text = z.string().max(500);

const base = {
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
  enabled: z.boolean(),
};

const CLEANUP_OPS = ['trim', 'lower', 'upper', 'remove', 'replace', 'dates'] as const;

const mapping = z.object({ from: text, to: z.string().max(500) }).strict();

const cleanupStep = z
  .object({
    ...base,
    kind: z.literal('cleanup'),
    op: z.enum(CLEANUP_OPS),
    columns: z.array(key).min(1, 'Pick at least one column.').max(100),
    /** remove: each of these characters is removed */
    characters: z.string().max(100).default(''),
    /** replace: the mapping table, matched on the whole value */
    mapping: z.array(mapping).max(200).default([]),
    /** replace: match ignoring case and surrounding spaces ("Male " matches "male") */
    loose: z.boolean().default(true),
    /** dates: how to read 05/03/2024, in the order tried (src/shared/transformations/dates.ts) */
    dateOrder: z
      .array(z.enum(DATE_ORDERS))
      .min(1, 'Pick how to read dates like 05/03/2024.')
      .max(2)
      .refine((o) => new Set(o).size === o.length, 'Each order once.')
      .default(['dmy', 'mdy']),
  })
  .strict();

/** previous: the last non-empty value above it, in row order (empty while there is none) */
const FILL_METHODS = ['constant', 'mean', 'median', 'previous'] as const;
const fillStep = z
  .object({
    ...base,
    kind: z.literal('fill'),
    column: key,
    method: z.enum(FILL_METHODS),
    value: text.default(''),
  })
  .strict();

const filterStep = z
  .object({
    ...base,
    kind: z.literal('filter'),
    /** keep the rows where this expression (src/shared/expressions) is true */
    expression: z.string().max(5000),
  })
  .strict();

export const CONVERTIBLE_TYPES = [
  'text',
  'integer',
  'decimal',
  'boolean',
  'date',
  'category',
] as const;
export type ConvertibleType = (typeof CONVERTIBLE_TYPES)[number];
const ON_FAIL = ['null', 'default', 'drop'] as const;

const columnChange = z
  .object({
    column: key,
    label: z.string().trim().max(120).default(''),
    type: z.enum(CONVERTIBLE_TYPES).nullable().default(null),
    onFail: z.enum(ON_FAIL).default('null'),
    default: text.default(''),
    remove: z.boolean().default(false),
  })
  .strict();

const columnsStep = z
  .object({
    ...base,
    kind: z.literal('columns'),
    changes: z.array(columnChange).min(1, 'Change at least one column.').max(200),
  })
  .strict();

const deriveStep = z
  .object({
    ...base,
    kind: z.literal('derive'),
    label,
    expression: z.string().max(5000),
  })
  .strict();

const binsStep = z
  .object({
    ...base,
    kind: z.literal('bins'),
    column: key,
    label,
    /** ascending: a value below breaks[0] gets labels[0], below breaks[1] labels[1], … */
    breaks: z.array(z.number().finite()).min(1, 'Add at least one limit.').max(50),
    labels: z.array(z.string().trim().min(1, 'Name each category.').max(120)).min(2).max(51),
  })
  .strict()
  .superRefine((s, ctx) => {
    for (let i = 1; i < s.breaks.length; i++)
      if (s.breaks[i] <= s.breaks[i - 1])
        ctx.addIssue({
          code: 'custom',
          path: ['breaks', i],
          message: 'Limits go up: each above the one before.',
        });
    if (s.labels.length !== s.breaks.length + 1)
      ctx.addIssue({ code: 'custom', path: ['labels'], message: 'One category more than limits.' });
  });

const DEDUPE_KEEP = ['first', 'last'] as const;
const dedupeStep = z
  .object({
    ...base,
    kind: z.literal('dedupe'),
    columns: z.array(key).min(1, 'Pick at least one column.').max(100),
    keep: z.enum(DEDUPE_KEEP),
  })
  .strict();

const JOIN_KINDS = ['left', 'inner'] as const;
const joinStep = z
  .object({
    ...base,
    kind: z.literal('join'),
    /** the other dataset (its current version), of the same project */
    datasetId: z.string().uuid('Pick a dataset.'),
    how: z.enum(JOIN_KINDS),
    /** key columns: this step's column = the other dataset's column */
    on: z
      .array(z.object({ left: key, right: key }).strict())
      .min(1, 'Pick the key columns.')
      .max(5),
    /** the other dataset's columns are added as "<prefix> <label>" (keys prefix_key) */
    prefix: z.string().trim().min(1, 'Give a prefix, e.g. Endline.').max(30),
  })
  .strict();

const appendStep = z
  .object({
    ...base,
    kind: z.literal('append'),
    datasetId: z.string().uuid('Pick a dataset.'),
  })
  .strict();

export const AGGREGATE_FNS = [
  'count',
  'count_distinct',
  'sum',
  'mean',
  'min',
  'max',
  'median',
] as const;
export type AggregateFn = (typeof AGGREGATE_FNS)[number];

const aggregateStep = z
  .object({
    ...base,
    kind: z.literal('aggregate'),
    groupBy: z.array(key).max(20),
    aggregates: z
      .array(
        z
          .object({
            fn: z.enum(AGGREGATE_FNS),
            /** empty for a count of rows */
            column: z.union([key, z.literal('')]),
            label,
          })
          .strict(),
      )
      .min(1, 'Add at least one figure.')
      .max(50),
  })
  .strict();

/** The longest SQL a query step takes */
const QUERY_MAX_CHARS = 20_000;

/**
 * A read-only SQL SELECT over the previous step's rows, which it reads as the relation
 * `previous` (columns by key, plus `_row`); checked by PostgreSQL's parser on the server
 * (modules/transformations/transformations.query-guard.ts).
 */
const queryStep = z
  .object({
    ...base,
    kind: z.literal('query'),
    sql: z.string().max(QUERY_MAX_CHARS, `At most ${QUERY_MAX_CHARS} characters.`),
  })
  .strict();

const SPLIT_INTO = ['parts', 'first', 'last'] as const;
const splitStep = z
  .object({
    ...base,
    kind: z.literal('split'),
    column: key,
    /** split on this text (spaces count) */
    delimiter: z.string().min(1, 'Type the delimiter.').max(10),
    /** parts: N new columns (the pieces after the Nth are left out); first/last: one column */
    into: z.enum(SPLIT_INTO),
    count: z.number().int().min(2, 'At least 2 columns.').max(10, 'At most 10 columns.').default(2),
    /** the new column's name (parts: "<label> 1", "<label> 2", …) */
    label,
  })
  .strict();

const mergeStep = z
  .object({
    ...base,
    kind: z.literal('merge'),
    columns: z.array(key).min(2, 'Pick at least two columns.').max(20),
    /** between the values (empty values are left out) */
    separator: z.string().max(10).default(' '),
    label,
  })
  .strict();

export const stepSchema = z.discriminatedUnion('kind', [
  cleanupStep,
  fillStep,
  filterStep,
  columnsStep,
  deriveStep,
  binsStep,
  dedupeStep,
  joinStep,
  appendStep,
  aggregateStep,
  queryStep,
  splitStep,
  mergeStep,
]);

export type Step = z.output<typeof stepSchema>;
export type StepInput = z.input<typeof stepSchema>;

const MAX_STEPS = 50;

export const stepsSchema = z
  .object({ steps: z.array(stepSchema).max(MAX_STEPS, `At most ${MAX_STEPS} steps.`) })
  .strict();

/** A recipe's settings: re-run automatically when its source dataset gets a new version */
export const transformationSettingsSchema = z.object({ autoRun: z.boolean() }).strict();

export const createTransformationSchema = z
  .object({
    name: label,
    datasetId: z.string().uuid('Pick a dataset.'),
  })
  .strict();
