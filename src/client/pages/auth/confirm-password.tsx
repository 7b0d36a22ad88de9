import type { FormEvent } from 'react';
import { Head, Link, useForm } from '@inertiajs/react';
import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { route } from '@shared/route';
import { AuthHeading } from '../../features/accounts/auth-heading';
import { confirmPasswordSchema } from '@shared/accounts/accounts.schemas';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';

export default function ConfirmPassword() {
  const form = useForm({ password: '' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, confirmPasswordSchema)) return;
    form.post(route('password.confirm.store'), { onFinish: () => form.reset('password') });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Head title="Confirm password" />
      <Stack gap="md">
        <AuthHeading title="Confirm your password">
          This is a secure area. Please confirm your password before continuing; we will not ask
          again for 3 hours.
        </AuthHeading>
        <PasswordInput
          label="Password"
          {...fieldProps(form, 'password')}
          autoComplete="current-password"
          autoFocus
          required
        />
        <Group justify="space-between">
          <Anchor component={Link} href={route('dashboard')} size="sm">
            Cancel
          </Anchor>
          <Button type="submit" loading={form.processing} disabled={form.processing}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
