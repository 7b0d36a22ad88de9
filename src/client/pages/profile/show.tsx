import { Head } from '@inertiajs/react';
import { Container, Divider, Stack } from '@mantine/core';
import type { PagePropsOf } from '@shared/pages';
import { UpdateProfileInformationForm } from '../../features/profile/update-profile-information-form';
import { UpdatePasswordForm } from '../../features/profile/update-password-form';
import { TwoFactorAuthenticationForm } from '../../features/profile/two-factor-authentication-form';
import { BrowserSessions } from '../../features/profile/browser-sessions';
import { DeleteUserForm } from '../../features/profile/delete-user-form';
import { PageTitle } from '../../components/page-title';

/** The user's own profile: information, password, two-factor, browser sessions, account deletion. */
export default function ProfileShow({
  profile,
  twoFactor,
  sessions,
  deletion,
}: PagePropsOf<'profile/show'>) {
  return (
    <Container size="lg" py="md">
      <Head title="Profile" />
      <Stack gap="xl">
        <PageTitle>Profile</PageTitle>
        <UpdateProfileInformationForm profile={profile} />
        <Divider />
        <UpdatePasswordForm />
        <Divider />
        <TwoFactorAuthenticationForm twoFactor={twoFactor} />
        <Divider />
        <BrowserSessions sessions={sessions} />
        <Divider />
        <DeleteUserForm deletion={deletion} />
      </Stack>
    </Container>
  );
}
