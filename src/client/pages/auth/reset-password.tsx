import type { FormEvent } from 'react';
import { Head, Link, useForm } from '@inertiajs/react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { route } from '@shared/route';
import { PASSWORD_MIN_LENGTH, resetPasswordSchema } from '@shared/accounts/accounts.schemas';
import { AuthHeading } from '../../features/accounts/auth-heading';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';
import type { PagePropsOf } from '@shared/pages';

export default function ResetPassword({
  token,
  email,
  tokenValid,
}: PagePropsOf<'auth/reset-password'>) {
  const form = useForm({ token, email, password: '', password_confirmation: '' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, resetPasswordSchema)) return;
    form.post(route('password.update'), {
      onFinish: () => form.reset('password', 'password_confirmation'),
    });
  };

  const linkProblem =
    form.errors.token ??
    (tokenValid
      ? null
      : 'This password reset link is invalid or has expired. Please request a new one.');

  return (
    <form onSubmit={submit} noValidate>
      <Head title="Reset password" />
      <Stack gap="md">
        <AuthHeading title="Choose a new password">
          Choose a strong password you do not use anywhere else. You will be signed out on every
          device.
        </AuthHeading>
        {linkProblem && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {linkProblem}{' '}
            <Anchor component={Link} href={route('password.request')} size="sm">
              Request a new link
            </Anchor>
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          {...fieldProps(form, 'email')}
          autoComplete="username"
          required
        />
        <PasswordInput
          label="New password"
          {...fieldProps(form, 'password')}
          autoComplete="new-password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          autoFocus
          required
        />
        <PasswordInput
          label="Confirm new password"
          {...fieldProps(form, 'password_confirmation')}
          autoComplete="new-password"
          required
        />
        <Button
          type="submit"
          fullWidth
          loading={form.processing}
          disabled={form.processing || !tokenValid}
        >
          Reset password
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          <Anchor component={Link} href={route('login')} size="sm">
            Back to log in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
