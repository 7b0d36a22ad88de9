import { Head } from '@inertiajs/react';
import { Stack, Title, Text } from '@mantine/core';
import { useShared } from '../hooks/use-shared';

export default function Dashboard() {
  const { auth } = useShared();
  return (
    <Stack>
      <Head title="Dashboard" />
      <Title order={2}>Dashboard</Title>
      <Text c="dimmed">Welcome, {auth.user?.name}. {auth.team ? `You are working in ${auth.team.name}.` : ''}</Text>
    </Stack>
  );
}
