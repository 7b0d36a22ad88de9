import { useForm } from '@inertiajs/react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { route } from '@shared/route';
import { TEAM_NAME_MAX } from '@shared/teams/teams.schemas';

/** Name a new team; the creator becomes its owner and works in it straight away. */
export function CreateTeamForm() {
  const form = useForm({ name: '' });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        form.post(route('teams.store'));
      }}
    >
      <Stack>
        <TextInput
          label="Team name"
          placeholder="e.g. Youth Employment Programme"
          value={form.data.name}
          onChange={(e) => form.setData('name', e.currentTarget.value)}
          error={form.errors.name}
          maxLength={TEAM_NAME_MAX}
          required
          data-autofocus
          autoFocus
          data-testid="team-name"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.processing}>Create team</Button>
        </Group>
      </Stack>
    </form>
  );
}
