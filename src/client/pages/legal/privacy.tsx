import { Head } from '@inertiajs/react';
import { Paper, Stack, Text, Title } from '@mantine/core';

export default function Privacy() {
  return (
    <Paper withBorder p="xl" maw={820} mx="auto" className="legal-text">
      <Head title="Privacy policy" />
      <Stack gap="sm">
        <Title order={1}>Privacy policy</Title>
        <Text>This page explains what this Pathways installation stores about you and why.</Text>
        <Title order={2} size="h3">
          What we keep
        </Title>
        <Text>
          Your name, email address, a salted hash of your password, two-factor settings, the browser
          sessions you sign in from (device and IP address) and an audit trail of security-relevant
          actions (sign-ins, changes to teams, members and tokens). We never store your password or
          codes in readable form, and never write them to logs.
        </Text>
        <Title order={2} size="h3">
          Why
        </Title>
        <Text>
          To let you sign in securely, to let your team see who did what, and to protect accounts
          from misuse.
        </Text>
        <Title order={2} size="h3">
          Respondents’ data
        </Title>
        <Text>
          Survey answers and imported data belong to the team that collected them. That team decides
          how long to keep them and answers respondents’ requests.
        </Text>
        <Title order={2} size="h3">
          Your rights
        </Title>
        <Text>
          You can see and change your profile at any time, sign out other sessions, and delete your
          account. Ask the operator for a copy of your data or for its deletion.
        </Text>
        <Title order={2} size="h3">
          Cookies
        </Title>
        <Text>
          Only the cookies the service needs: your session, a security token against forged
          requests, and short-lived messages between pages. No tracking or advertising cookies.
        </Text>
      </Stack>
    </Paper>
  );
}
