import { describe, expect, it } from 'vitest';
import type { RouteTable } from '@shared/route';
import type { Permission } from '@shared/permissions';
import { areaLinks } from './app-areas';

const def = (uri: string, parameters: string[] = []) => ({
  uri,
  methods: ['GET'],
  parameters,
  wheres: {},
});

describe('areaLinks', () => {
  const table: RouteTable = {
    dashboard: def('/dashboard'),
    'projects.index': def('/projects'),
    playground: def('/playground'),
    'libraries.index': def('/libraries'),
    'community.feed': def('/community'),
    'notifications.index': def('/notifications'),
    'logs.index': def('/logs'),
    'teams.show': def('/teams/{team}', ['team']),
  };

  it('links every area, in order', () => {
    const links = areaLinks(
      table,
      { teamId: 't1', permissions: ['team.view', 'team.logs.view'] },
      '/dashboard',
    );
    expect(links.map((l) => [l.label, l.href])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Projects', '/projects'],
      ['Playground', '/playground'],
      ['Libraries', '/libraries'],
      ['Community', '/community'],
      ['Notifications', '/notifications'],
      ['Logs', '/logs'],
      ['Team', '/teams/t1'],
    ]);
    expect(links.map((l) => l.active)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('hides an area from a role without its permission', () => {
    const t: RouteTable = { ...table, 'logs.index': def('/logs') };
    expect(
      areaLinks(
        t,
        { teamId: 't1', permissions: ['team.view', 'content.update'] },
        '/dashboard',
      ).map((l) => l.label),
    ).not.toContain('Logs');
    expect(
      areaLinks(
        t,
        { teamId: 't1', permissions: ['team.view', 'team.logs.view'] },
        '/dashboard',
      ).map((l) => l.label),
    ).toContain('Logs');
    expect(areaLinks(t, { teamId: 't1' }, '/dashboard').map((l) => l.label)).not.toContain('Logs');
  });

  it('highlights an area on its sub-pages and skips areas needing a missing parameter', () => {
    const links = areaLinks(table, { teamId: null }, '/projects/42/edit');
    expect(links.map((l) => l.label)).not.toContain('Team');
    expect(links.find((l) => l.label === 'Projects')!.active).toBe(true);
    expect(links.find((l) => l.label === 'Dashboard')!.active).toBe(false);
  });

  it('shows Settings to owners and admins, and hides an area whose feature the team turned off', () => {
    const t: RouteTable = { ...table, 'settings.index': def('/settings') };
    const labels = (permissions: Permission[]) =>
      areaLinks(t, { teamId: 't1', permissions }, '/settings/general').map((l) => l.label);
    expect(labels(['team.view', 'team.settings.manage'])).toContain('Settings');
    expect(labels(['team.view', 'content.update'])).not.toContain('Settings');
    expect(
      areaLinks(
        t,
        { teamId: 't1', permissions: ['team.settings.manage'] },
        '/settings/general',
      ).find((l) => l.label === 'Settings')!.active,
    ).toBe(true);
    const areas = [
      {
        label: 'Community',
        route: 'dashboard' as const,
        icon: () => null,
        feature: 'community' as const,
      },
    ];
    expect(areaLinks(t, { teamId: 't1', features: { community: false } }, '/', areas)).toEqual([]);
    expect(areaLinks(t, { teamId: 't1', features: { community: true } }, '/', areas)).toHaveLength(
      1,
    );
    expect(areaLinks(t, { teamId: 't1', features: null }, '/', areas)).toHaveLength(1);
  });
});
