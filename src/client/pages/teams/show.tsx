import { Head } from '@inertiajs/react';
import { Badge, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { ROLE_LABELS } from '@shared/permissions';
import { useShared } from '../../hooks/use-shared';
import { SettingsSection } from '../../features/teams/settings-section';
import { TeamNameForm } from '../../features/teams/team-name-form';
import { AddMemberForm } from '../../features/teams/add-member-form';
import { PendingInvitations } from '../../features/teams/pending-invitations';
import { TeamMemberList } from '../../features/teams/team-member-list';
import { TransferOwnershipForm } from '../../features/teams/transfer-ownership-form';
import { DeleteTeamSection } from '../../features/teams/delete-team-section';
import { PageTitle } from '../../components/page-title';
import type { PagePropsOf } from '@shared/pages';

/** teams/show: the team's settings — name, members, invitations, ownership, deletion. */
export default function ShowTeam({
  team,
  role,
  can,
  members,
  invitations,
  roles,
}: PagePropsOf<'teams/show'>) {
  const { errors } = useShared();
  const owner =
    members.find((m) => m.id === team.ownerId) ?? members.find((m) => m.role === 'owner');
  return (
    <Container size="lg" py="md">
      <Head title={`${team.name} - Team settings`} />
      <Stack gap="xl">
        <Stack gap={4}>
          <Group gap="sm">
            <PageTitle>{team.name}</PageTitle>
            {team.personal && (
              <Badge variant="light" color="gray">
                Personal team
              </Badge>
            )}
          </Group>
          <Text c="dimmed">Team settings. Your role here: {ROLE_LABELS[role]}.</Text>
        </Stack>

        <SettingsSection title="Team name" description="The team's name and owner.">
          <TeamNameForm
            key={team.name}
            team={team}
            canUpdate={can.update}
            ownerName={owner?.name ?? null}
          />
        </SettingsSection>

        {can.invite && (
          <>
            <Divider />
            <SettingsSection
              title="Add team member"
              description="Invite a colleague by email and choose what they may do in this team."
            >
              <AddMemberForm teamId={team.id} roles={roles} />
            </SettingsSection>
            <SettingsSection
              title="Pending invitations"
              description="People who have been invited but have not joined yet."
            >
              <PendingInvitations teamId={team.id} invitations={invitations} />
            </SettingsSection>
          </>
        )}

        <Divider />
        <SettingsSection
          title="Team members"
          description={
            can.updateMembers
              ? 'Everyone in this team. Change a role from the list; the owner’s role changes only by transferring ownership.'
              : 'Everyone in this team and their role.'
          }
        >
          <TeamMemberList
            teamId={team.id}
            teamName={team.name}
            members={members}
            roles={roles}
            can={can}
            roleError={errors.role}
          />
        </SettingsSection>

        {can.transferOwnership && (
          <SettingsSection
            title="Transfer ownership"
            description="Make another member the owner. You stay in the team as an administrator. You may be asked to confirm your password."
          >
            <TransferOwnershipForm teamId={team.id} members={members} />
          </SettingsSection>
        )}

        {role === 'owner' && (
          <>
            <Divider />
            <SettingsSection title="Delete team" description="Permanently delete this team." danger>
              {can.delete ? (
                <DeleteTeamSection teamId={team.id} teamName={team.name} />
              ) : (
                <Text size="sm">
                  This is your personal team. It stays as long as your account does; create another
                  team for shared work.
                </Text>
              )}
            </SettingsSection>
          </>
        )}
      </Stack>
    </Container>
  );
}
