import { Menu, Text, UnstyledButton, Group, Box, VisuallyHidden } from '@mantine/core';
import { Link, router } from '@inertiajs/react';
import { IconCheck, IconPlus, IconSelector, IconSettings } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { SharedProps } from '@shared/shared-props';
import classes from './app-layout.module.css';

/** The current team and the user's other teams; switching asks the server to change the current team. */
export function TeamSwitcher({
  auth,
  onNavigate,
}: {
  auth: SharedProps['auth'];
  onNavigate?: () => void;
}) {
  const team = auth.team;
  if (!team) return null;
  const canSwitch = auth.teams.length > 1;
  return (
    <Menu position="bottom-start" width={280} withinPortal shadow="md">
      <Menu.Target>
        <UnstyledButton className={classes.teamButton} data-testid="team-switcher">
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Box miw={0}>
              <Text size="xs" c="dimmed">
                Current team
              </Text>
              <Text size="sm" fw={600} truncate>
                {team.name}
              </Text>
              {/* named by what it shows (axe: label-content-name-mismatch), plus what it does */}
              <VisuallyHidden>Switch team</VisuallyHidden>
            </Box>
            <IconSelector size={16} stroke={1.5} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {
          <Menu.Item
            component={Link}
            href={route('teams.show', { team: team.id })}
            leftSection={<IconSettings size={14} />}
            onClick={onNavigate}
          >
            Team settings
          </Menu.Item>
        }
        {
          <Menu.Item
            component={Link}
            href={route('teams.create')}
            leftSection={<IconPlus size={14} />}
            onClick={onNavigate}
          >
            Create new team
          </Menu.Item>
        }
        {auth.teams.length > 0 && (
          <>
            <Menu.Divider />
            <Menu.Label>{canSwitch ? 'Switch teams' : 'Your teams'}</Menu.Label>
            {auth.teams.map((t) => {
              const current = t.id === team.id;
              return (
                <Menu.Item
                  key={t.id}
                  disabled={!canSwitch && !current}
                  leftSection={
                    current ? (
                      <IconCheck size={14} color="var(--mantine-color-green-7)" />
                    ) : (
                      <Box w={14} />
                    )
                  }
                  aria-current={current ? 'true' : undefined}
                  onClick={() => {
                    if (current || !canSwitch) return;
                    onNavigate?.();
                    router.put(
                      route('current-team.update'),
                      { teamId: t.id },
                      { preserveScroll: false },
                    );
                  }}
                >
                  <Text size="sm" truncate maw={220} fw={current ? 600 : 400} title={t.name}>
                    {t.name}
                  </Text>
                </Menu.Item>
              );
            })}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
