import type { FormEvent } from 'react';
import { Head, useForm } from '@inertiajs/react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { route } from '@shared/route';
import { AuthHeading } from '../../features/accounts/auth-heading';
import { StatusAlert } from '../../features/accounts/status-alert';
import type { PagePropsOf } from '@shared/pages';

export default function VerifyEmail({ email }: PagePropsOf<'auth/verify-email'>) {
  const resend = useForm({});
  const logout = useForm({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    resend.post(route('verification.send'));
  };

  return (
    <Stack gap="md">
      <Head title="Verify your email" />
      <AuthHeading title="Verify your email address" />
      <Text size="sm">
        Thanks for signing up! We have sent a verification link to <strong>{email}</strong>. Please
        follow it to start using Pathways. The link is valid for 24 hours.
      </Text>
      <Text size="sm" c="dimmed">
        No email? Check your spam folder, or we can send you another one.
      </Text>
      <StatusAlert />
      <form onSubmit={submit} noValidate>
        <Group justify="space-between">
          <Button
            type="submit"
            leftSection={<IconMailForward size={16} />}
            loading={resend.processing}
            disabled={resend.processing}
          >
            Resend verification email
          </Button>
          <Button
            variant="subtle"
            color="gray"
            onClick={() => logout.post(route('logout'))}
            loading={logout.processing}
            disabled={logout.processing}
          >
            Log out
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
