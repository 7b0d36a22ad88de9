import type { ReactNode } from 'react';
import { AppShell, Burger, Group, NavLink, ScrollArea, Title, Anchor, Menu, Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, router, usePage } from '@inertiajs/react';
import { IconLayoutDashboard, IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { route, routeIs, routeTable } from '@shared/route';
import { FlashToasts } from '../components/flash-toasts';
import { useShared } from '../hooks/use-shared';
import { NotificationBell } from '../features/notifications/notification-bell';

/** The product's areas, shown when their route exists. */
const AREAS: Array<{ label: string; route: string; icon: typeof IconLayoutDashboard }> = [{ label: 'Dashboard', route: 'dashboard', icon: IconLayoutDashboard }];

export function AppLayout({ children }: { children: ReactNode }) {
  const [opened, { toggle }] = useDisclosure();
  const { app, auth } = useShared();
  const { url } = usePage();
  const path = url.split('?')[0];
  const has = (n: string) => n in routeTable();
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <FlashToasts />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Anchor component={Link} href={route('dashboard')} underline="never">
              <Title order={4} c="blue.7">{app.name}</Title>
            </Anchor>
          </Group>
          {auth.user && <NotificationBell ml="auto" mr={4} />}
          {auth.user && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="subtle" rightSection={<IconChevronDown size={14} />} data-testid="user-menu">
                  <Text size="sm" truncate maw={160}>{auth.user.name}</Text>
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {has('profile.show') && (
                  <Menu.Item component={Link} href={route('profile.show')} leftSection={<IconUser size={14} />}>Profile</Menu.Item>
                )}
                {has('logout') && (
                  <Menu.Item leftSection={<IconLogout size={14} />} onClick={() => router.post(route('logout'))}>Log out</Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <ScrollArea>
          {AREAS.filter((a) => has(a.route)).map((a) => (
            <NavLink key={a.route} component={Link} href={route(a.route)} label={a.label} leftSection={<a.icon size={18} />} active={routeIs(a.route, path)} />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">{children}</AppShell.Main>
    </AppShell>
  );
}
