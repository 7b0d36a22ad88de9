import type { FormEvent } from 'react';
import { Head, Link, useForm } from '@inertiajs/react';
import { Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { route } from '@shared/route';
import { PASSWORD_MIN_LENGTH, registerSchema } from '@shared/accounts/accounts.schemas';
import { AuthHeading } from '../../features/accounts/auth-heading';
import { StatusAlert } from '../../features/accounts/status-alert';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';

/** A team invitation link sends people here with ?email= (the invited address). */
const emailFromLink = () => new URLSearchParams(window.location.search).get('email') ?? '';

export default function Register() {
  const form = useForm({
    name: '',
    email: emailFromLink(),
    password: '',
    password_confirmation: '',
    terms: false,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, registerSchema)) return;
    form.post(route('register'), {
      onFinish: () => form.reset('password', 'password_confirmation'),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Head title="Register" />
      <Stack gap="md">
        <AuthHeading title="Create your account">
          Plan, collect and learn with your team in one place.
        </AuthHeading>
        <StatusAlert />
        <TextInput
          label="Name"
          {...fieldProps(form, 'name')}
          autoComplete="name"
          autoFocus
          required
        />
        <TextInput
          label="Email"
          type="email"
          {...fieldProps(form, 'email')}
          autoComplete="username"
          required
        />
        <PasswordInput
          label="Password"
          {...fieldProps(form, 'password')}
          autoComplete="new-password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          required
        />
        <PasswordInput
          label="Confirm password"
          {...fieldProps(form, 'password_confirmation')}
          autoComplete="new-password"
          required
        />
        <Checkbox
          name="terms"
          checked={form.data.terms}
          onChange={(e) => form.setData('terms', e.currentTarget.checked)}
          error={form.errors.terms}
          label={
            <>
              I agree to the{' '}
              <Anchor href={route('terms.show')} target="_blank" rel="noopener" size="sm">
                Terms of service
              </Anchor>{' '}
              and the{' '}
              <Anchor href={route('policy.show')} target="_blank" rel="noopener" size="sm">
                Privacy policy
              </Anchor>
            </>
          }
        />
        <Button type="submit" fullWidth loading={form.processing} disabled={form.processing}>
          Register
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          Already registered?{' '}
          <Anchor component={Link} href={route('login')} size="sm">
            Log in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
