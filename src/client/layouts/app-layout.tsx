import { useEffect, type ReactNode } from 'react';
import {
  Anchor,
  AppShell,
  Burger,
  Divider,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, router, usePage } from '@inertiajs/react';
import { route, routeTable } from '@shared/route';
import { FlashToasts } from '../components/flash-toasts';
import { useShared } from '../hooks/use-shared';
import { areaLinks } from './app-areas';
import { TeamSwitcher } from './team-switcher';
import { UserMenu } from './user-menu';
import classes from './app-layout.module.css';
import { NotificationBell } from '../features/notifications/notification-bell';
import { SearchLauncher } from '../features/search/search-launcher';

/** The signed-in app: header (brand, notification bell, user menu), sidebar (team switcher, areas). */
export function AppLayout({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure();
  const { app, auth, features } = useShared();
  const { url } = usePage();
  const path = url.split('?')[0];
  const links = areaLinks(
    routeTable(),
    { teamId: auth.team?.id ?? null, permissions: auth.permissions, features },
    path,
  );

  // the phone menu closes when a link in it is followed, and after any other navigation (back, forward)
  useEffect(() => router.on('navigate', () => close()), [close]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'md', lg: 'lg' }}
    >
      <FlashToasts />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
            />
            <Anchor
              component={Link}
              href={route('dashboard')}
              underline="never"
              className={classes.brand}
            >
              <Text component="span" fz="lg" fw={700} c="blue.8">
                {app.name}
              </Text>
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {auth.team && <SearchLauncher />}
            {auth.user && <NotificationBell />}
            {auth.user && <UserMenu user={auth.user} />}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        p="sm"
        aria-label="Main navigation"
        className={opened ? undefined : classes.navClosed}
      >
        <Stack gap="sm" h="100%">
          <TeamSwitcher auth={auth} onNavigate={close} />
          {auth.team && <Divider />}
          <AppShell.Section grow component={ScrollArea}>
            <nav>
              {links.map((a) => (
                <NavLink
                  key={a.route}
                  component={Link}
                  href={a.href}
                  label={a.label}
                  leftSection={<a.icon size={18} stroke={1.6} />}
                  active={a.active}
                  aria-current={a.active ? 'page' : undefined}
                  onClick={close}
                  variant="light"
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              ))}
            </nav>
          </AppShell.Section>
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">{children}</AppShell.Main>
    </AppShell>
  );
}
