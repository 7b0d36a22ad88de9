import { z } from 'zod';

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
 * The logs page's own filters in the query string (beside the table's page, perPage, search,
 * sort and dir, which platform/http/table-query parses). Bad values are dropped (a hand-edited
 * URL still shows a page) rather than failing.
 */
export const auditLogQuerySchema = z.object({
  action: optionalText(100),
  user: optionalText(100),
  from: optionalDate,
  to: optionalDate,
});

export type AuditLogFilters = z.output<typeof auditLogQuerySchema>;
