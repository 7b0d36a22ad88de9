import { useForm } from '@inertiajs/react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { ProfileShowProps } from '@shared/profile/profile.types';
import { updateProfileInformationSchema } from '@shared/profile/profile.schemas';
import { ProfileSection } from './profile-section';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';

export function UpdateProfileInformationForm({
  profile,
}: {
  profile: ProfileShowProps['profile'];
}) {
  const form = useForm({ name: profile.name, email: profile.email });
  const emailChanging =
    form.data.email.trim().toLowerCase() !== profile.email.toLowerCase() &&
    form.data.email.trim() !== '';

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, updateProfileInformationSchema)) return;
    form.put(route('user-profile-information.update'), { preserveScroll: true });
  };

  return (
    <ProfileSection
      id="profile-information"
      title="Profile information"
      description="Your name and the email address you sign in with and receive notifications at."
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            autoComplete="name"
            {...fieldProps(form, 'name', updateProfileInformationSchema)}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            {...fieldProps(form, 'email', updateProfileInformationSchema)}
          />
          {emailChanging && (
            <Alert
              variant="light"
              color="yellow"
              icon={<IconMailForward size={18} />}
              title="Changing your email address"
              data-testid="email-change-notice"
            >
              <Text size="sm">
                We will send a verification link to <b>{form.data.email.trim()}</b>. Your account
                uses the new address at once, but until you open that link you can only reach the
                verification page. We also tell {profile.email} about the change.
              </Text>
            </Alert>
          )}
          <Group justify="flex-end">
            {form.recentlySuccessful && (
              <Text size="sm" c="dimmed">
                Saved.
              </Text>
            )}
            <Button type="submit" loading={form.processing} disabled={!form.isDirty}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </ProfileSection>
  );
}
