import { useForm } from '@inertiajs/react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { route } from '@shared/route';
import { updateTeamNameSchema } from '@shared/teams/teams.schemas';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';
import type { TeamShowProps } from '@shared/teams/teams.pages';

/** Rename the team (owner and administrators); others see the name read-only. */
export function TeamNameForm({
  team,
  canUpdate,
  ownerName,
}: {
  team: TeamShowProps['team'];
  canUpdate: boolean;
  ownerName: string | null;
}) {
  const form = useForm({ name: team.name });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!passesCheck(form, updateTeamNameSchema)) return;
        form.put(route('teams.update', { team: team.id }), { preserveScroll: true });
      }}
    >
      <Stack>
        {ownerName && (
          <Text size="sm">
            Owner:{' '}
            <Text span fw={600}>
              {ownerName}
            </Text>
          </Text>
        )}
        <TextInput
          label="Team name"
          {...fieldProps(form, 'name', updateTeamNameSchema)}
          readOnly={!canUpdate}
          required
          data-testid="team-name"
        />
        {canUpdate && (
          <Group justify="flex-end">
            <Button type="submit" loading={form.processing} disabled={!form.isDirty}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
