import { useState } from 'react';
import { useForm } from '@inertiajs/react';
import { Badge, Button, Group, Modal, PasswordInput, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { route } from '@shared/route';
import { passwordOnlySchema } from '@shared/profile/profile.schemas';
import { passesCheck } from '../../lib/form-check';
import type { BrowserSessionView } from '@shared/profile/profile.types';
import { ProfileSection } from './profile-section';
import { relativeTime } from '../../lib/relative-time';
import { plural } from '@shared/format/plural';
import { formatDateTime } from '@shared/format/date';

export function BrowserSessions({ sessions }: { sessions: BrowserSessionView[] }) {
  const [open, setOpen] = useState(false);
  const form = useForm({ password: '' });
  const others = sessions.filter((s) => !s.current).length;

  const close = () => {
    setOpen(false);
    form.reset();
    form.clearErrors();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, passwordOnlySchema)) return;
    form.delete(route('other-browser-sessions.destroy'), {
      preserveScroll: true,
      onSuccess: close,
      onError: () => form.reset('password'),
    });
  };

  return (
    <ProfileSection
      id="browser-sessions"
      title="Browser sessions"
      description="Where you are signed in. If you see a device you do not recognise, sign it out and change your password."
    >
      <Stack gap="md">
        <Stack gap="sm" data-testid="session-list">
          {sessions.map((s) => (
            <Group key={s.id} gap="sm" wrap="nowrap" align="center">
              <ThemeIcon variant="light" color={s.current ? 'blue' : 'gray'} size="lg" radius="md">
                {s.mobile ? <IconDeviceMobile size={20} /> : <IconDeviceDesktop size={20} />}
              </ThemeIcon>
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {s.device}
                </Text>
                <Group gap={6}>
                  <Text size="xs" c="dimmed">
                    {s.ipAddress || 'Unknown address'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    ·
                  </Text>
                  {s.current ? (
                    <Badge size="xs" color="green" variant="light">
                      This device
                    </Badge>
                  ) : (
                    <Text size="xs" c="dimmed" title={formatDateTime(s.lastActiveAt)}>
                      Last active {relativeTime(s.lastActiveAt)}
                    </Text>
                  )}
                </Group>
              </Stack>
            </Group>
          ))}
        </Stack>
        <Group>
          <Button variant="default" onClick={() => setOpen(true)} disabled={others === 0}>
            Log out other browser sessions
          </Button>
          {others === 0 && (
            <Text size="sm" c="dimmed">
              You are signed in on this browser only.
            </Text>
          )}
        </Group>
      </Stack>

      <Modal opened={open} onClose={close} title="Log out other browser sessions" centered>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">
              Enter your password to sign out of your {plural(others, 'other browser session')} on
              all your devices.
            </Text>
            <PasswordInput
              label="Password"
              name="password"
              autoComplete="current-password"
              data-autofocus
              value={form.data.password}
              onChange={(e) => form.setData('password', e.currentTarget.value)}
              error={form.errors.password}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={form.processing}>
                Log out other sessions
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </ProfileSection>
  );
}
