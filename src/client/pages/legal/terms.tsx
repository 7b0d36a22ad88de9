import { Head } from '@inertiajs/react';
import { Paper, Stack, Text, Title } from '@mantine/core';

export default function Terms() {
  return (
    <Paper withBorder p="xl" maw={820} mx="auto" className="legal-text">
      <Head title="Terms of service" />
      <Stack gap="sm">
        <Title order={1}>Terms of service</Title>
        <Text>
          These terms govern your use of this Pathways installation, run by the organisation that
          operates it (“the operator”). Pathways itself is open-source software.
        </Text>
        <Title order={2} size="h3">
          Your account
        </Title>
        <Text>
          You are responsible for keeping your password and two-factor codes safe and for what is
          done with your account and API tokens. Tell the operator at once if you suspect misuse.
        </Text>
        <Title order={2} size="h3">
          Your data and your respondents
        </Title>
        <Text>
          Data you and your team enter or import belongs to your team. You confirm you have a lawful
          basis and, where needed, the informed consent of respondents to collect and process the
          personal data you bring into the service.
        </Text>
        <Title order={2} size="h3">
          Acceptable use
        </Title>
        <Text>
          Do not use the service to break the law, to harm respondents, to send unsolicited
          messages, or to probe or disrupt the service or other teams’ data.
        </Text>
        <Title order={2} size="h3">
          Availability and changes
        </Title>
        <Text>
          The operator aims to keep the service available but offers it as is, without warranty.
          These terms may change; significant changes are announced in the app before they apply.
        </Text>
        <Title order={2} size="h3">
          Ending
        </Title>
        <Text>
          You may delete your account at any time from your profile. Teams you own are deleted with
          it unless you transfer them first.
        </Text>
      </Stack>
    </Paper>
  );
}
