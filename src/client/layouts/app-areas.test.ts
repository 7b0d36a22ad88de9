import { describe, expect, it } from 'vitest';
import type { RouteTable } from '@shared/route';
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
});
