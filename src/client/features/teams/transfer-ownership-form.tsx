import { useForm } from '@inertiajs/react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { route } from '@shared/route';
import type { TeamMember } from '@shared/teams/teams.pages';
import { transferOwnershipSchema } from '@shared/teams/members.schemas';
import { passesCheck } from '../../lib/form-check';

/** The owner hands the team to another member and becomes an administrator. */
export function TransferOwnershipForm({
  teamId,
  members,
}: {
  teamId: string;
  members: TeamMember[];
}) {
  const candidates = members.filter((m) => !m.isYou);
  const form = useForm({ userId: '' });
  if (!candidates.length)
    return (
      <Text size="sm" c="dimmed">
        Invite someone first: ownership can only go to a member of the team.
      </Text>
    );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!passesCheck(form, transferOwnershipSchema)) return;
        form.put(route('teams.transfer', { team: teamId }), { preserveScroll: true });
      }}
    >
      <Stack>
        <ChoiceSelect
          label="New owner"
          placeholder="Choose a member"
          data={candidates.map((m) => ({ value: m.id, label: `${m.name} (${m.email})` }))}
          value={form.data.userId || null}
          onChange={(v) => form.setData('userId', v ?? '')}
          error={form.errors.userId}
          searchable
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" color="orange" loading={form.processing}>
            Transfer ownership
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
