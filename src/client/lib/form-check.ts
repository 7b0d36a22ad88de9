import type { z } from 'zod';

/** The slice of Inertia's useForm() that the check needs. */
interface CheckedForm {
  data: object;
  clearErrors(...fields: string[]): void;
  setError(errors: Record<string, string>): void;
}

/** A field the user left empty: blank text, no choice, no file, an unticked box, an empty list. */
const isEmpty = (v: unknown) =>
  v === '' || v === false || v === null || v === undefined || (Array.isArray(v) && v.length === 0);

function valueAt(data: object, path: readonly PropertyKey[]): unknown {
  let v: unknown = data;
  for (const key of path)
    v = v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  return v;
}

/**
 * The shared schema's own messages for what the user can fix before sending: values past a limit,
 * and whatever the schema says about a field left empty (a required text or number, an unchosen
 * option, an empty code), first message per field, keyed like the server's 422 errors. Other type
 * and format questions about what was typed stay with the server, whose errors land on the same
 * fields. A form that reshapes its data before sending passes the reshaped data.
 */
export function clientErrors(schema: z.ZodType, data: object): Record<string, string> {
  const res = schema.safeParse(data);
  if (res.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of res.error.issues) {
    if (!issue.path.length || !(String(issue.path[0]) in data)) continue;
    const limit = issue.code === 'too_small' || issue.code === 'too_big';
    const leftEmpty = isEmpty(valueAt(data, issue.path));
    if (!limit && !leftEmpty) continue;
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

/**
 * The same slice for a form kept in React state instead of useForm() (the diagram's panels, the
 * comment composer): `passesCheck(stateForm(body, setErrors), schema)`.
 */
export function stateForm(
  data: object,
  setErrors: (errors: Record<string, string>) => void,
): CheckedForm {
  return { data, clearErrors: () => setErrors({}), setError: (errors) => setErrors(errors) };
}
