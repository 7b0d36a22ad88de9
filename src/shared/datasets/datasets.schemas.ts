import { z } from 'zod';
import { IMPORT_TYPES } from './convert.js';
import { ROW_FILTER_OPS } from './datasets.pages.js';

const scalar = z.union([z.string().max(500), z.number(), z.boolean()]);
const filterSchema = z
  .object({
    column: z.string().min(1).max(64),
    op: z.enum(ROW_FILTER_OPS),
    value: z
      .union([scalar, z.array(z.union([z.string().max(500), z.number()])).max(100)])
      .optional(),
  })
  .strict();

/** `filters` arrives in the query string as JSON: an array of { column, op, value } */
const filtersParam = z
  .string()
  .max(8000)
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'The filters are not valid JSON.' });
      return z.NEVER;
    }
  })
  .pipe(z.array(filterSchema).max(20, 'At most 20 filters.'));

/** GET datasets.rows */
export const rowsQuerySchema = z
  .object({
    after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    sort: z.string().min(1).max(64).optional(),
    dir: z.enum(['asc', 'desc']).optional(),
    filters: filtersParam.optional(),
    /** a sorted page's keyset cursor, as the previous page gave it: [value as text | null, _row] */
    cursor: z
      .string()
      .max(1200)
      .transform((s, ctx) => {
        try {
          return JSON.parse(s) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'The cursor is not valid.' });
          return z.NEVER;
        }
      })
      .pipe(
        z.tuple([
          z.string().max(1000).nullable(),
          z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
        ]),
      )
      .optional(),
    /** 1: also count the rows the filters match (`total`) */
    count: z.enum(['0', '1']).optional(),
  })
  .strict();

const SOURCE_NAME_MAX = 120;
const COLUMN_LABEL_MAX = 120;

/** POST sources.import: what the preview sends */
export const importSourceSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Give the source a name.')
      .max(SOURCE_NAME_MAX, `At most ${SOURCE_NAME_MAX} characters.`),
    sheet: z.string().max(200).nullable().default(null),
    stakeholderColumn: z.number().int().min(0).max(4999).nullable().default(null),
    columns: z
      .array(
        z
          .object({
            index: z.number().int().min(0).max(4999),
            label: z
              .string()
              .trim()
              .min(1, 'Give the column a name.')
              .max(COLUMN_LABEL_MAX, `At most ${COLUMN_LABEL_MAX} characters.`),
            type: z.enum(IMPORT_TYPES),
            include: z.boolean(),
          })
          .strict(),
      )
      .min(1, 'The file has no columns.')
      .max(1000, 'At most 1,000 columns.'),
  })
  .strict();
export type ImportSourceInput = z.infer<typeof importSourceSchema>;

/** GET the longitudinal view and its CSV: the fields side by side (comma-separated keys) and the page */
export const longitudinalQuerySchema = z
  .object({
    fields: z
      .string()
      .max(2000)
      .optional()
      .transform((v) => (v ? [...new Set(v.split(',').filter(Boolean))] : []))
      .pipe(
        z
          .array(z.string().regex(/^[a-z][a-z0-9_]{0,80}$/, 'Not a field key.'))
          .max(6, 'Pick at most 6 fields.'),
      ),
    page: z.coerce.number().int().min(1).max(100_000).optional(),
  })
  .strict();

/** POST stakeholders.merge: the stakeholder merged into the one kept (both of the same project) */
export const mergeStakeholdersSchema = z.strictObject({
  into: z.string().uuid('Pick the stakeholder to keep.'),
});

/** POST sources.fetch: a source from an address (https; checked again on the server) */
export const sourceUrlSchema = z
  .object({
    url: z
      .string()
      .trim()
      .min(1, 'Enter the address of a CSV, TSV or Excel file.')
      .max(2000, 'At most 2,000 characters.')
      .regex(/^https?:\/\//i, 'Enter a full address starting with https://.'),
  })
  .strict();

/** POST sources.schedule: how often a source by URL is fetched again */
export const urlScheduleSchema = z
  .object({
    schedule: z.enum(['none', 'hourly', 'daily'], { error: 'Pick how often to refresh.' }),
  })
  .strict();
