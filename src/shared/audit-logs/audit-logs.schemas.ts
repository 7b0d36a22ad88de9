import { z } from 'zod';

export const LOG_PER_PAGE = [10, 25, 50, 100] as const;
export const LOG_SORTS = ['created_at', 'action', 'actor', 'ip'] as const;
export type LogSort = (typeof LOG_SORTS)[number];

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .catch(undefined)
    .transform((v) => (v ? v : undefined));
const optionalDate = z
  .string()
  .regex(isoDate)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
  .optional()
  .catch(undefined);

/**
 * The logs list's query string. Bad values fall back to the defaults (a hand-edited URL
 * still shows a page) rather than failing.
 */
export const auditLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  perPage: z.coerce
    .number()
    .refine((n) => (LOG_PER_PAGE as readonly number[]).includes(n))
    .catch(10)
    .default(10),
  search: optionalText(200),
  sort: z.enum(LOG_SORTS).catch('created_at').default('created_at'),
  dir: z.enum(['asc', 'desc']).catch('desc').default('desc'),
  action: optionalText(100),
  user: optionalText(100),
  from: optionalDate,
  to: optionalDate,
});

export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
