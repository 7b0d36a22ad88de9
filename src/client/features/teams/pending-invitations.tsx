import { useState } from 'react';
import { router } from '@inertiajs/react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { route } from '@shared/route';
import { ROLE_LABELS } from '@shared/permissions';
import { formatDate, type PendingInvitation } from './teams.types';

/** Invitations not yet accepted: resend (renews 7 days) or cancel. */
export function PendingInvitations({ teamId, invitations }: { teamId: string; invitations: PendingInvitation[] }) {
  const [busy, setBusy] = useState<string | null>(null);
  if (!invitations.length) {
    return <Text size="sm" c="dimmed">No pending invitations. Invite someone with the form above; their invitation waits here until they accept it.</Text>;
  }
  const act = (id: string, go: (done: () => void) => void) => {
    setBusy(id);
    go(() => setBusy(null));
  };
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="sm" data-testid="pending-invitations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invitations.map((inv) => (
            <Table.Tr key={inv.id}>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{inv.email}</Text>
                  {inv.invitedBy && <Text size="xs" c="dimmed">Invited by {inv.invitedBy}</Text>}
                </Stack>
              </Table.Td>
              <Table.Td><Badge variant="light" styles={{ label: { overflow: 'visible' } }} data-testid="invitation-role">{ROLE_LABELS[inv.role]}</Badge></Table.Td>
              <Table.Td>{inv.expired ? <Badge color="orange" variant="light">Expired</Badge> : <Text size="sm">{formatDate(inv.expiresAt)}</Text>}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button size="xs" variant="light" loading={busy === `r${inv.id}`} onClick={() => act(`r${inv.id}`, (done) => router.post(route('team-invitations.resend', { team: teamId, invitation: inv.id }), {}, { preserveScroll: true, onFinish: done }))}>
                    Resend
                  </Button>
                  <Button size="xs" variant="subtle" color="red" loading={busy === `c${inv.id}`} onClick={() => act(`c${inv.id}`, (done) => router.delete(route('team-invitations.destroy', { invitation: inv.id }), { preserveScroll: true, onFinish: done }))}>
                    Cancel
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
