import { Head, Link } from '@inertiajs/react';
import { Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { route } from '@shared/route';
import { useShared } from '../../hooks/use-shared';
import type { PagePropsOf } from '@shared/pages';

/** 403, 404, 419, 429, 500 and friends. */
export default function ErrorPage({
  status,
  title,
  message,
  requestId,
}: PagePropsOf<'errors/show'>) {
  const { auth } = useShared();
  const signedIn = !!auth?.user?.emailVerified;
  return (
    <Stack align="center" py={80} gap="md" ta="center">
      <Head title={title} />
      <Text fz={64} fw={800} c="gray.6" lh={1} aria-hidden>
        {status}
      </Text>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed" maw={480}>
        {message}
      </Text>
      {requestId && (
        <Text size="xs" c="dimmed">
          Reference: <Code>{requestId}</Code>
        </Text>
      )}
      <Group>
        {status === 419 ? (
          <Button onClick={() => window.location.reload()}>Refresh the page</Button>
        ) : (
          <Button component={Link} href={signedIn ? route('dashboard') : route('welcome')}>
            {signedIn ? 'Go to your dashboard' : 'Go to the start page'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
