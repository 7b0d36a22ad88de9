import { useForm } from '@inertiajs/react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { route } from '@shared/route';
import { createTeamSchema } from '@shared/teams/teams.schemas';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';

/** Name a new team; the creator becomes its owner and works in it straight away. */
export function CreateTeamForm() {
  const form = useForm({ name: '' });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!passesCheck(form, createTeamSchema)) return;
        form.post(route('teams.store'));
      }}
    >
      <Stack>
        <TextInput
          label="Team name"
          placeholder="e.g. Youth Employment Programme"
          {...fieldProps(form, 'name', createTeamSchema)}
          required
          data-autofocus
          autoFocus
          data-testid="team-name"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.processing}>
            Create team
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
