import type { ChangeEvent } from 'react';
import type { z } from 'zod';
import { limitError, limitsOf } from './field-limits';

/** The slice of Inertia's useForm() that text inputs need. */
interface TextForm<T extends Record<string, unknown>> {
  data: T;
  errors: Partial<Record<keyof T, string>>;
  setData(key: keyof T, value: string): void;
}

/** A shared object schema whose fields give the limits (the one the form posts to). */
type ObjectSchema = { shape: Record<string, z.ZodType> };

/**
 * Wire a Mantine text/password input to an Inertia form field: name, value, change handler and
 * the server's error for that field. With the shared schema the form posts to, the field is
 * marked required as the schema says, and text past the schema's limit is kept (never cut) and
 * shown as "N characters over the limit of M" until the user shortens it.
 * `<TextInput label="Email" {...fieldProps(form, 'email', registerSchema)} />`
 */
export function fieldProps<T extends Record<string, unknown>, K extends keyof T & string>(
  form: TextForm<T>,
  key: K,
  schema?: ObjectSchema,
) {
  const field = schema?.shape[key];
  const value = String(form.data[key] ?? '');
  return {
    name: key,
    value,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      form.setData(key, e.currentTarget.value),
    error: limitError(value, field) ?? form.errors[key],
    ...(field && limitsOf(field).required ? { required: true } : {}),
  };
}
