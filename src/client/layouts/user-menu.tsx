import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link, router } from '@inertiajs/react';
import { IconChevronDown, IconKey, IconLogout, IconUser } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { SharedProps } from '@shared/shared-props';
import classes from './app-layout.module.css';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return '?';
  return ((parts[0][0] ?? '') + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase();
}

/** Profile, API tokens and log out (each shown when its route exists). */
export function UserMenu({ user }: { user: NonNullable<SharedProps['auth']['user']> }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <UnstyledButton className={classes.userButton} data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar src={user.image} alt="" radius="xl" size={30} color="blue" aria-hidden>
              {initials(user.name)}
            </Avatar>
            <Text size="sm" fw={500} truncate maw={160} visibleFrom="sm">
              {user.name}
            </Text>
            {/* named by what it shows (axe: label-content-name-mismatch); the name alone on a phone */}
            <VisuallyHidden>Account menu</VisuallyHidden>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark" truncate>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {
          <Menu.Item
            component={Link}
            href={route('profile.show')}
            leftSection={<IconUser size={14} />}
          >
            Profile
          </Menu.Item>
        }
        {
          <Menu.Item
            component={Link}
            href={route('api-tokens.index')}
            leftSection={<IconKey size={14} />}
          >
            API tokens
          </Menu.Item>
        }
        {
          <>
            <Menu.Divider />
            <Menu.Item
              leftSection={<IconLogout size={14} />}
              onClick={() => router.post(route('logout'))}
            >
              Log out
            </Menu.Item>
          </>
        }
      </Menu.Dropdown>
    </Menu>
  );
}
