import { router } from '@inertiajs/react';
import { Avatar, Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { route } from '@shared/route';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '@shared/permissions';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ConfirmButton } from './confirm-button';
import type { RoleOption, TeamCapabilities, TeamMember } from '@shared/teams/teams.pages';
import { formatDay } from '@shared/format/date';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

function RoleBadge({ role }: { role: TeamMember['role'] }) {
  return (
    <Tooltip label={ROLE_DESCRIPTIONS[role]} multiline w={260} withArrow>
      <Badge variant={role === 'owner' ? 'filled' : 'light'} style={{ cursor: 'help' }}>
        {ROLE_LABELS[role]}
      </Badge>
    </Tooltip>
  );
}

/** Everyone in the team (a client-side DataTable), with role, joined date, role changes and removal for those allowed. */
export function TeamMemberList({
  teamId,
  teamName,
  members,
  roles,
  can,
  roleError,
}: {
  teamId: string;
  teamName: string;
  members: TeamMember[];
  roles: RoleOption[];
  can: TeamCapabilities;
  roleError?: string;
}) {
  const columns: Array<DataTableColumn<TeamMember>> = [
    {
      key: 'name',
      title: 'Member',
      sortable: true,
      value: (m) => `${m.name} ${m.email}`,
      render: (m) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={m.image} radius="xl" size="md" color="blue">
            {initials(m.name)}
          </Avatar>
          <Stack gap={0}>
            <Group gap={6}>
              <Text size="sm" fw={500}>
                {m.name}
              </Text>
              {m.isYou && (
                <Badge size="xs" variant="outline" color="gray">
                  You
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {m.email}
            </Text>
          </Stack>
        </Group>
      ),
    },
    {
      key: 'role',
      title: 'Role',
      sortable: true,
      // sorted and searched by its label
      value: (m) => ROLE_LABELS[m.role],
      render: (m) =>
        can.updateMembers && m.role !== 'owner' ? (
          <ChoiceSelect
            aria-label={`Role of ${m.name}`}
            size="xs"
            w={170}
            value={m.role}
            data={roles.map((r) => ({ value: r.key, label: r.label }))}
            renderOption={({ option }) => (
              <Stack gap={0}>
                <Text size="sm">{option.label}</Text>
                <Text size="xs" c="dimmed">
                  {ROLE_DESCRIPTIONS[option.value as TeamMember['role']]}
                </Text>
              </Stack>
            )}
            comboboxProps={{ width: 300, position: 'bottom-start' }}
            onChange={(role) =>
              role &&
              role !== m.role &&
              router.put(
                route('team-members.update', { team: teamId, user: m.id }),
                { role },
                { preserveScroll: true },
              )
            }
          />
        ) : (
          <RoleBadge role={m.role} />
        ),
    },
    {
      key: 'joinedAt',
      title: 'Joined',
      sortable: true,
      searchable: false,
      render: (m) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDay(m.joinedAt)}
        </Text>
      ),
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      searchable: false,
      align: 'right',
      render: (m) => (
        <Group justify="flex-end" wrap="nowrap">
          {!m.isYou && can.removeMembers && m.role !== 'owner' && (
            <ConfirmButton
              size="xs"
              variant="subtle"
              color="red"
              label="Remove"
              title="Remove team member"
              message={`Remove ${m.name} from ${teamName}? They lose access to the team's work at once.`}
              confirmLabel="Remove"
              onConfirm={(close) =>
                router.delete(route('team-members.destroy', { team: teamId, user: m.id }), {
                  preserveScroll: true,
                  onFinish: close,
                })
              }
            />
          )}
          {m.isYou && can.leave && (
            <ConfirmButton
              size="xs"
              variant="subtle"
              color="red"
              label="Leave team"
              title="Leave team"
              message={`Leave ${teamName}? You will need a new invitation to come back.`}
              confirmLabel="Leave"
              onConfirm={(close) =>
                router.delete(route('team-members.destroy', { team: teamId, user: m.id }), {
                  onFinish: close,
                })
              }
            />
          )}
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="xs" data-testid="team-members">
      {roleError && (
        <Text size="sm" c="red">
          {roleError}
        </Text>
      )}
      <DataTable
        id={`team-members.${teamId}`}
        caption="Team members"
        rows={members}
        rowKey={(m) => m.id}
        columns={columns}
        minWidth={560}
      />
      {members.length === 1 && (
        <Text size="sm" c="dimmed">
          You are the only member so far.
          {can.invite ? ' Invite colleagues with the form above.' : ''}
        </Text>
      )}
    </Stack>
  );
}
