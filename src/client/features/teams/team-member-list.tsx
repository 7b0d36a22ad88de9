import { router } from '@inertiajs/react';
import { Avatar, Badge, Group, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { route } from '@shared/route';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '@shared/permissions';
import { ConfirmButton } from './confirm-button';
import { formatDate, type RoleOption, type TeamCapabilities, type TeamMember } from './teams.types';

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
      <Badge variant={role === 'owner' ? 'filled' : 'light'} style={{ cursor: 'help' }}>{ROLE_LABELS[role]}</Badge>
    </Tooltip>
  );
}

/** Everyone in the team, with role, joined date, role changes and removal for those allowed. */
export function TeamMemberList({ teamId, teamName, members, roles, can, roleError }: { teamId: string; teamName: string; members: TeamMember[]; roles: RoleOption[]; can: TeamCapabilities; roleError?: string }) {
  return (
    <Stack gap="xs">
      {roleError && <Text size="sm" c="red">{roleError}</Text>}
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" data-testid="team-members">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Member</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Joined</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((m) => {
              const editable = can.updateMembers && m.role !== 'owner';
              const removable = !m.isYou && can.removeMembers && m.role !== 'owner';
              return (
                <Table.Tr key={m.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={m.image} radius="xl" size="md" color="blue">{initials(m.name)}</Avatar>
                      <Stack gap={0}>
                        <Group gap={6}>
                          <Text size="sm" fw={500}>{m.name}</Text>
                          {m.isYou && <Badge size="xs" variant="outline" color="gray">You</Badge>}
                        </Group>
                        <Text size="xs" c="dimmed">{m.email}</Text>
                      </Stack>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {editable ? (
                      <Select
                        aria-label={`Role of ${m.name}`}
                        size="xs"
                        w={170}
                        allowDeselect={false}
                        value={m.role}
                        data={roles.map((r) => ({ value: r.key, label: r.label }))}
                        renderOption={({ option }) => (
                          <Stack gap={0}>
                            <Text size="sm">{option.label}</Text>
                            <Text size="xs" c="dimmed">{ROLE_DESCRIPTIONS[option.value as TeamMember['role']]}</Text>
                          </Stack>
                        )}
                        comboboxProps={{ width: 300, position: 'bottom-start' }}
                        onChange={(role) => role && role !== m.role && router.put(route('team-members.update', { team: teamId, user: m.id }), { role }, { preserveScroll: true })}
                      />
                    ) : (
                      <RoleBadge role={m.role} />
                    )}
                  </Table.Td>
                  <Table.Td><Text size="sm">{formatDate(m.joinedAt)}</Text></Table.Td>
                  <Table.Td>
                    <Group justify="flex-end" wrap="nowrap">
                      {removable && (
                        <ConfirmButton
                          size="xs"
                          variant="subtle"
                          color="red"
                          label="Remove"
                          title="Remove team member"
                          message={`Remove ${m.name} from ${teamName}? They lose access to the team's work at once.`}
                          confirmLabel="Remove"
                          onConfirm={(close) => router.delete(route('team-members.destroy', { team: teamId, user: m.id }), { preserveScroll: true, onFinish: close })}
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
                          onConfirm={(close) => router.delete(route('team-members.destroy', { team: teamId, user: m.id }), { onFinish: close })}
                        />
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {members.length === 1 && <Text size="sm" c="dimmed">You are the only member so far.{can.invite ? ' Invite colleagues with the form above.' : ''}</Text>}
    </Stack>
  );
}
