import type { z } from 'zod';

/** The slice of Inertia's useForm() that the check needs. */
interface CheckedForm {
  data: object;
  clearErrors(...fields: string[]): void;
  setError(errors: Record<string, string>): void;
}

/**
 * The shared schema's own messages for what the user can fix before sending: empty required
 * fields and values past a limit (first message per field, keyed like the server's 422 errors).
 * Type and format questions stay with the server, whose errors land on the same fields.
 */
export function clientErrors(schema: z.ZodType, data: object): Record<string, string> {
  const res = schema.safeParse(data);
  if (res.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of res.error.issues) {
    if (issue.code !== 'too_small' && issue.code !== 'too_big') continue;
    if (!issue.path.length || !(String(issue.path[0]) in data)) continue;
    fields[issue.path.join('.')] ??= issue.message;
  }
  return fields;
}

/**
 * Check a form against its shared schema before it is sent: on a problem the messages go on the
 * fields (as the server's would) and the caller does not send. Forms have `noValidate`, so this and
 * the server's 422 are the only validation a user sees.
 */
export function passesCheck(
  form: CheckedForm,
  schema: z.ZodType,
  data: object = form.data,
): boolean {
  const errors = clientErrors(schema, data);
  form.clearErrors();
  if (!Object.keys(errors).length) return true;
  form.setError(errors);
  return false;
}
