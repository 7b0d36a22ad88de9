import { useState } from 'react';
import { router } from '@inertiajs/react';
import { Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { route } from '@shared/route';
import { ROLE_LABELS } from '@shared/permissions';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import type { PendingInvitation } from '@shared/teams/teams.pages';
import { formatDay } from '@shared/format/date';

/** Invitations not yet accepted (a client-side DataTable): resend (renews 7 days) or cancel. */
export function PendingInvitations({
  teamId,
  invitations,
}: {
  teamId: string;
  invitations: PendingInvitation[];
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const act = (id: string, go: (done: () => void) => void) => {
    setBusy(id);
    go(() => setBusy(null));
  };
  const columns: Array<DataTableColumn<PendingInvitation>> = [
    {
      key: 'email',
      title: 'Email',
      sortable: true,
      value: (inv) => `${inv.email} ${inv.invitedBy ?? ''}`,
      render: (inv) => (
        <Stack gap={0}>
          <Text size="sm">{inv.email}</Text>
          {inv.invitedBy && (
            <Text size="xs" c="dimmed">
              Invited by {inv.invitedBy}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'role',
      title: 'Role',
      sortable: true,
      value: (inv) => ROLE_LABELS[inv.role],
      render: (inv) => (
        <Badge
          variant="light"
          styles={{ label: { overflow: 'visible' } }}
          data-testid="invitation-role"
        >
          {ROLE_LABELS[inv.role]}
        </Badge>
      ),
    },
    {
      key: 'expiresAt',
      title: 'Expires',
      sortable: true,
      searchable: false,
      render: (inv) =>
        inv.expired ? (
          <Badge color="orange" variant="light">
            Expired
          </Badge>
        ) : (
          <Text size="sm">{formatDay(inv.expiresAt)}</Text>
        ),
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      searchable: false,
      align: 'right',
      render: (inv) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            loading={busy === `r${inv.id}`}
            onClick={() =>
              act(`r${inv.id}`, (done) =>
                router.post(
                  route('team-invitations.resend', { team: teamId, invitation: inv.id }),
                  {},
                  { preserveScroll: true, onFinish: done },
                ),
              )
            }
          >
            Resend
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={busy === `c${inv.id}`}
            onClick={() =>
              act(`c${inv.id}`, (done) =>
                router.delete(route('team-invitations.destroy', { invitation: inv.id }), {
                  preserveScroll: true,
                  onFinish: done,
                }),
              )
            }
          >
            Cancel
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <div data-testid="pending-invitations">
      <DataTable
        id={`team-invitations.${teamId}`}
        caption="Pending invitations"
        rows={invitations}
        rowKey={(inv) => inv.id}
        columns={columns}
        minWidth={520}
      />
    </div>
  );
}
