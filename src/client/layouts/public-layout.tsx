import type { ReactNode } from 'react';
import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { Link } from '@inertiajs/react';
import { route } from '@shared/route';
import { FlashToasts } from '../components/flash-toasts';
import { useShared } from '../hooks/use-shared';

/** Welcome, legal and error pages: a light top bar with sign-in links. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { app, auth } = useShared();
  return (
    <Box mih="100vh" bg="gray.0">
      <FlashToasts />
      <Box bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between">
            <Anchor component={Link} href={route('welcome')} underline="never">
              <Text component="span" fz={22} fw={700} c="blue.8">
                {app.name}
              </Text>
            </Anchor>
            <Group gap="xs">
              {auth.user ? (
                <Button component={Link} href={route('dashboard')} variant="light">
                  Dashboard
                </Button>
              ) : (
                <>
                  <Button component={Link} href={route('login')} variant="subtle">
                    Log in
                  </Button>
                  <Button component={Link} href={route('register')}>
                    Register
                  </Button>
                </>
              )}
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="lg" py="xl">
        {children}
      </Container>
    </Box>
  );
}
