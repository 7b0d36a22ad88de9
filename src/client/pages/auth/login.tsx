import { useEffect, type FormEvent } from 'react';
import { Head, Link, useForm } from '@inertiajs/react';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { route } from '@shared/route';
import { AuthHeading } from '../../features/accounts/auth-heading';
import { StatusAlert } from '../../features/accounts/status-alert';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';

/** A team invitation link sends people here with ?email= (the invited address). */
const emailFromLink = () => new URLSearchParams(window.location.search).get('email') ?? '';

/**
 * The shared schema (and zod with it) stays out of the sign-in page's first load (its bundle budget,
 * docs/architecture.md §6): it loads right after the first render, and a press before it has arrived
 * waits for it.
 */
const loginSchema = () => import('@shared/accounts/accounts.schemas').then((m) => m.loginSchema);

export default function Login() {
  const form = useForm({ email: emailFromLink(), password: '', remember: false });

  useEffect(() => void loginSchema(), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void loginSchema().then((schema) => {
      if (!passesCheck(form, schema)) return;
      form.post(route('login'), { onFinish: () => form.reset('password') });
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Head title="Log in" />
      <Stack gap="md">
        <AuthHeading title="Log in">
          Welcome back. Sign in to continue to your projects.
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
        <PasswordInput
          label="Password"
          {...fieldProps(form, 'password')}
          autoComplete="current-password"
          required
        />
        <Group justify="space-between" wrap="nowrap">
          <Checkbox
            label="Remember me"
            name="remember"
            checked={form.data.remember}
            onChange={(e) => form.setData('remember', e.currentTarget.checked)}
          />
          <Anchor component={Link} href={route('password.request')} size="sm">
            Forgot your password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={form.processing} disabled={form.processing}>
          Log in
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          New to Pathways?{' '}
          <Anchor component={Link} href={route('register')} size="sm">
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
