import type { FormEvent } from 'react';
import { Head, Link, useForm } from '@inertiajs/react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { route } from '@shared/route';
import { AuthHeading } from '../../features/accounts/auth-heading';
import { StatusAlert } from '../../features/accounts/status-alert';
import { forgotPasswordSchema } from '@shared/accounts/accounts.schemas';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';

export default function ForgotPassword() {
  const form = useForm({ email: '' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, forgotPasswordSchema)) return;
    form.post(route('password.email'));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Head title="Forgot password" />
      <Stack gap="md">
        <AuthHeading title="Forgot your password?">
          No problem. Tell us your email address and we will send you a link to choose a new one.
        </AuthHeading>
        <StatusAlert />
        <TextInput
          label="Email"
          type="email"
          {...fieldProps(form, 'email')}
          autoComplete="username"
          autoFocus
          required
        />
        <Button type="submit" fullWidth loading={form.processing} disabled={form.processing}>
          Email password reset link
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          Remembered it?{' '}
          <Anchor component={Link} href={route('login')} size="sm">
            Back to log in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
