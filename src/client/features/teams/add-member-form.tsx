import { useForm } from '@inertiajs/react';
import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { RoleOption } from '@shared/teams/teams.pages';
import { inviteMemberSchema } from '@shared/teams/members.schemas';
import { passesCheck } from '../../lib/form-check';

/** Invite someone by email with a role; they get a link to join. */
export function AddMemberForm({ teamId, roles }: { teamId: string; roles: RoleOption[] }) {
  const form = useForm({ email: '', role: 'editor' });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!passesCheck(form, inviteMemberSchema)) return;
        form.post(route('team-invitations.store', { team: teamId }), {
          preserveScroll: true,
          onSuccess: () => form.reset('email'),
        });
      }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          Enter the email address of the person you want to add. We email them a link to join; it
          works for 7 days.
        </Text>
        <TextInput
          label="Email"
          type="email"
          placeholder="name@example.org"
          leftSection={<IconMail size={16} />}
          value={form.data.email}
          onChange={(e) => form.setData('email', e.currentTarget.value)}
          error={form.errors.email}
          required
          data-testid="invite-email"
        />
        <Radio.Group
          label="Role"
          value={form.data.role}
          onChange={(v) => form.setData('role', v)}
          error={form.errors.role}
        >
          <Stack gap="xs" mt="xs">
            {roles.map((r) => (
              <Radio.Card key={r.key} value={r.key} radius="md" p="sm">
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <div>
                    <Text fw={600} size="sm">
                      {r.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {r.description}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={form.processing}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
