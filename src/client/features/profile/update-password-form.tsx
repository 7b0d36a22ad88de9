import { useForm } from '@inertiajs/react';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import { PASSWORD_MIN, updatePasswordSchema } from '@shared/profile/profile.schemas';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';
import { ProfileSection } from './profile-section';

export function UpdatePasswordForm() {
  const form = useForm({ currentPassword: '', password: '', passwordConfirmation: '' });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, updatePasswordSchema)) return;
    form.put(route('user-password.update'), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
      onError: (errors) => {
        if (errors.currentPassword) form.reset('currentPassword');
        if (errors.password) form.reset('password', 'passwordConfirmation');
      },
    });
  };

  return (
    <ProfileSection
      id="update-password"
      title="Update password"
      description={`Use a long password you do not use anywhere else (at least ${PASSWORD_MIN} characters). Changing it signs you out of every other browser.`}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...fieldProps(form, 'currentPassword', updatePasswordSchema)}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            {...fieldProps(form, 'password', updatePasswordSchema)}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...fieldProps(form, 'passwordConfirmation', updatePasswordSchema)}
          />
          <Group justify="flex-end">
            {form.recentlySuccessful && (
              <Text size="sm" c="dimmed">
                Saved.
              </Text>
            )}
            <Button type="submit" loading={form.processing}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </ProfileSection>
  );
}
