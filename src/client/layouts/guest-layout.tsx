import type { ReactNode } from 'react';
import { Anchor, Box, Center, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@inertiajs/react';
import { route } from '@shared/route';
import { FlashToasts } from '../components/flash-toasts';
import { useShared } from '../hooks/use-shared';

/** Sign-in, registration and the other account pages: one centred card. */
export function GuestLayout({ children }: { children: ReactNode }) {
  const { app } = useShared();
  return (
    <Box bg="gray.0" mih="100vh" py={48} px="md">
      <FlashToasts />
      <Center>
        <Stack w="100%" maw={440} gap="lg">
          <Anchor component={Link} href={route('welcome')} underline="never" ta="center">
            <Text component="span" fz={26} fw={700} c="blue.8">
              {app.name}
            </Text>
          </Anchor>
          <Paper withBorder shadow="sm" p="xl" radius="md">
            {children}
          </Paper>
          <Text size="xs" c="dimmed" ta="center">
            <Anchor component={Link} href={route('terms.show')} size="xs">
              Terms of service
            </Anchor>{' '}
            ·{' '}
            <Anchor component={Link} href={route('policy.show')} size="xs">
              Privacy policy
            </Anchor>
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
