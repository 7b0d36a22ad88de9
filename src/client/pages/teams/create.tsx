import { Head } from '@inertiajs/react';
import { Container, Stack, Text } from '@mantine/core';
import { SettingsSection } from '../../features/teams/settings-section';
import { CreateTeamForm } from '../../features/teams/create-team-form';
import { PageTitle } from '../../components/page-title';

/** teams/create: a new team, owned by its creator. */
export default function CreateTeam() {
  return (
    <Container size="lg" py="md">
      <Head title="Create team" />
      <Stack gap="xl">
        <Stack gap={4}>
          <PageTitle>Create team</PageTitle>
          <Text c="dimmed">
            A team holds its own projects, forms and data, and the people who work on them.
          </Text>
        </Stack>
        <SettingsSection
          title="Team details"
          description="Give the team a name. You will be its owner, and you can invite colleagues on the next page."
        >
          <CreateTeamForm />
        </SettingsSection>
      </Stack>
    </Container>
  );
}
