import type { ChangeEvent } from 'react';

/** The slice of Inertia's useForm() that text inputs need. */
interface TextForm<T extends Record<string, unknown>> {
  data: T;
  errors: Partial<Record<keyof T, string>>;
  setData(key: keyof T, value: string): void;
}

/**
 * Wire a Mantine text/password input to an Inertia form field: name, value, change handler and
 * the server's error for that field. `<TextInput label="Email" {...fieldProps(form, 'email')} />`
 */
export function fieldProps<T extends Record<string, unknown>, K extends keyof T & string>(form: TextForm<T>, key: K) {
  return {
    name: key,
    value: String(form.data[key] ?? ''),
    onChange: (e: ChangeEvent<HTMLInputElement>) => form.setData(key, e.currentTarget.value),
    error: form.errors[key],
  };
}
