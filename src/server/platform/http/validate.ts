import type { z } from 'zod';
import { ValidationError } from '../errors.js';

/**
 * Parse input with a zod schema (shared with the client). Field errors become a ValidationError:
 * one specific message per field, keyed by its dotted path.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const res = schema.safeParse(input ?? {});
  if (res.success) return res.data;
  const fields: Record<string, string> = {};
  for (const issue of res.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) fields[k] ??= `Unknown field '${k}'.`;
      continue;
    }
    fields[key] ??= issue.message;
  }
  throw new ValidationError(fields);
}
