import { useState } from 'react';
import { router } from '@inertiajs/react';
import { Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import { ConfirmButton } from './confirm-button';

/** Permanently delete the team (owner only; asks for the password when it was not confirmed recently). */
export function DeleteTeamSection({ teamId, teamName }: { teamId: string; teamName: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Stack align="flex-start">
      <Text size="sm">
        Once the team is deleted, all of its projects, forms, data and settings are gone for good.
        Download anything you want to keep first.
      </Text>
      <ConfirmButton
        color="red"
        label="Delete team"
        title={`Delete ${teamName}?`}
        message="This cannot be undone. Every member loses access and all of the team’s work is deleted. You may be asked to confirm your password."
        confirmLabel="Delete team"
        loading={busy}
        onConfirm={(close) => {
          setBusy(true);
          router.delete(route('teams.destroy', { team: teamId }), {
            onFinish: () => {
              setBusy(false);
              close();
            },
          });
        }}
      />
    </Stack>
  );
}
