import { useState } from 'react';
import { Link, useForm } from '@inertiajs/react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Modal,
  PasswordInput,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { route } from '@shared/route';
import { passwordOnlySchema } from '@shared/profile/profile.schemas';
import { passesCheck } from '../../lib/form-check';
import type { ProfileShowProps, TeamRefView } from '@shared/profile/profile.types';
import { ProfileSection } from './profile-section';
import { agree, plural } from '@shared/format/plural';

const members = (n: number) => plural(n, 'other member');

function TeamName({ team }: { team: TeamRefView }) {
  return (
    <Anchor component={Link} href={route('teams.show', { team: team.id })}>
      {team.name}
    </Anchor>
  );
}

/**
 * Deleting the account. What happens to the user's teams is spelled out before they confirm
 * (the server enforces the same rules): owned teams that others use block deletion until they
 * are transferred or deleted; personal and solo teams go with the account; other teams are left.
 */
export function DeleteUserForm({ deletion }: { deletion: ProfileShowProps['deletion'] }) {
  const [open, setOpen] = useState(false);
  const form = useForm({ password: '' });
  const blocked = deletion.blocking.length > 0;
  const teamsError = (form.errors as Record<string, string | undefined>).teams;

  const close = () => {
    setOpen(false);
    form.reset();
    form.clearErrors();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, passwordOnlySchema)) return;
    form.delete(route('current-user.destroy'), {
      preserveScroll: true,
      onError: () => form.reset('password'),
    });
  };

  return (
    <ProfileSection
      id="delete-account"
      title="Delete account"
      danger
      description="Permanently delete your account. This cannot be undone."
    >
      <Stack gap="md">
        <Text size="sm">
          Once your account is deleted, your sign-in, sessions, API tokens and everything that
          belongs only to you are permanently deleted.
        </Text>

        {blocked && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="First transfer or delete the teams you own"
            data-testid="delete-blocked"
          >
            <Text size="sm" mb={6}>
              Other people work in these teams you own. Make another member the owner, or delete the
              team, before deleting your account:
            </Text>
            <List size="sm">
              {deletion.blocking.map((t) => (
                <List.Item key={t.id}>
                  <TeamName team={t} /> ({members(t.otherMembers)})
                </List.Item>
              ))}
            </List>
          </Alert>
        )}

        {deletion.deleted.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Deleted with your account, including all their projects, forms and data:
            </Text>
            <List size="sm">
              {deletion.deleted.map((t) => (
                <List.Item key={t.id}>
                  <b>{t.name}</b>{' '}
                  {t.personal ? '(your personal team' : '(a team only you belong to'}
                  {t.personal && t.otherMembers > 0
                    ? `; its ${members(t.otherMembers)} ${agree(t.otherMembers, 'loses', 'lose')} access)`
                    : ')'}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        {deletion.left.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              You leave these teams; they and their work stay:
            </Text>
            <List size="sm">
              {deletion.left.map((t) => (
                <List.Item key={t.id}>
                  <TeamName team={t} />
                </List.Item>
              ))}
            </List>
          </Stack>
        )}

        <Group>
          <Button
            color="red"
            onClick={() => setOpen(true)}
            disabled={blocked}
            data-testid="delete-account"
          >
            Delete account
          </Button>
        </Group>
      </Stack>

      <Modal opened={open} onClose={close} title="Delete your account?" centered>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">
              This permanently deletes your account
              {deletion.deleted.length
                ? ` and ${deletion.deleted.map((t) => t.name).join(', ')}`
                : ''}
              . Enter your password to confirm.
            </Text>
            {teamsError && (
              <Alert color="red" variant="light">
                {teamsError}
              </Alert>
            )}
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
              <Button type="submit" color="red" loading={form.processing}>
                Delete account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </ProfileSection>
  );
}
