import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import type { z } from 'zod';
import { fieldProps } from '../lib/field-props';
import { passesCheck } from '../lib/form-check';

/**
 * A new password or token for a stored secret (Settings → Sources authentication): write-only,
 * checked against the shared schema, posted to `url`; the modal closes once the server took it.
 */
export function NewSecretModal({
  title,
  label,
  description,
  submitLabel,
  field,
  schema,
  url,
  onClose,
}: {
  title: string;
  label: string;
  description: string;
  submitLabel: string;
  /** the input's name in the request body and in the schema */
  field: string;
  schema: z.ZodObject;
  url: string;
  onClose: () => void;
}) {
  const form = useForm<Record<string, string>>({ [field]: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, schema)) return;
    form.post(url, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={label}
            description={description}
            autoComplete="new-password"
            data-autofocus
            {...fieldProps(form, field, schema)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.processing}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
