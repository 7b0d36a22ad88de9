import { useForm } from '@inertiajs/react';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import { PASSWORD_MAX, PASSWORD_MIN } from '@shared/profile/profile.schemas';
import { ProfileSection } from './profile-section';

export function UpdatePasswordForm() {
  const form = useForm({ currentPassword: '', password: '', passwordConfirmation: '' });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
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
          <PasswordInput label="Current password" name="currentPassword" autoComplete="current-password" required value={form.data.currentPassword} onChange={(e) => form.setData('currentPassword', e.currentTarget.value)} error={form.errors.currentPassword} maxLength={PASSWORD_MAX} />
          <PasswordInput label="New password" name="password" autoComplete="new-password" required value={form.data.password} onChange={(e) => form.setData('password', e.currentTarget.value)} error={form.errors.password} maxLength={PASSWORD_MAX} />
          <PasswordInput label="Confirm new password" name="passwordConfirmation" autoComplete="new-password" required value={form.data.passwordConfirmation} onChange={(e) => form.setData('passwordConfirmation', e.currentTarget.value)} error={form.errors.passwordConfirmation} maxLength={PASSWORD_MAX} />
          <Group justify="flex-end">
            {form.recentlySuccessful && <Text size="sm" c="dimmed">Saved.</Text>}
            <Button type="submit" loading={form.processing}>Save</Button>
          </Group>
        </Stack>
      </form>
    </ProfileSection>
  );
}
