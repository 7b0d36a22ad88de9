import type { ComponentType } from 'react';
import {
  IconBell,
  IconBooks,
  IconDatabase,
  IconFolders,
  IconLayoutDashboard,
  IconListDetails,
  IconMessageChatbot,
  IconMessages,
  IconPlugConnected,
  IconSearch,
  IconSettings,
  IconUsersGroup,
} from '@tabler/icons-react';
import { route, routeIs, type RouteName, type RouteParams, type RouteTable } from '@shared/route';
import type { Permission } from '@shared/permissions';
import type { Feature } from '@shared/settings/settings';

export interface Area {
  label: string;
  /** the named route of the area's start page */
  route: RouteName;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  /** route parameters taken from the current context (e.g. the current team) */
  params?: (ctx: AreaContext) => RouteParams | null;
  /** the permission (src/shared/permissions.ts) its route requires: the link is hidden from roles without it */
  permission?: Permission;
  /** the team capability it belongs to (settings, team features): hidden while the team has it off */
  feature?: Feature;
}

export interface AreaContext {
  teamId: string | null;
  /** the signed-in user's permissions in the current team (shared prop auth.permissions) */
  permissions?: readonly Permission[];
  /** the current team's capability switches (shared prop features) */
  features?: Partial<Record<Feature, boolean>> | null;
}

/** The product's areas in sidebar order. */
const AREAS: Area[] = [
  { label: 'Dashboard', route: 'dashboard', icon: IconLayoutDashboard },
  { label: 'Projects', route: 'projects.index', icon: IconFolders },
  { label: 'Playground', route: 'playground', icon: IconSearch },
  { label: 'Libraries', route: 'libraries.index', icon: IconBooks },
  { label: 'Community', route: 'community.feed', icon: IconMessages, feature: 'community' },
  {
    label: 'Databases',
    route: 'databases.index',
    icon: IconDatabase,
    permission: 'content.view',
    feature: 'database_sources',
  },
  {
    label: 'Integrations',
    route: 'integrations.index',
    icon: IconPlugConnected,
    permission: 'content.view',
  },
  {
    label: 'Chanakya',
    route: 'chanakya.index',
    icon: IconMessageChatbot,
    permission: 'content.view',
    feature: 'assistant',
  },
  { label: 'Notifications', route: 'notifications.index', icon: IconBell },
  { label: 'Logs', route: 'logs.index', icon: IconListDetails, permission: 'team.logs.view' },
  {
    label: 'Team',
    route: 'teams.show',
    icon: IconUsersGroup,
    params: (c) => (c.teamId ? { team: c.teamId } : null),
  },
  {
    label: 'Settings',
    route: 'settings.index',
    icon: IconSettings,
    permission: 'team.settings.manage',
  },
];

export interface AreaLink {
  label: string;
  route: RouteName;
  href: string;
  icon: Area['icon'];
  active: boolean;
}

/** The areas with their URLs (those needing a missing parameter left out) and which one holds the current path. */
export function areaLinks(
  table: RouteTable,
  ctx: AreaContext,
  pathname: string,
  areas: Area[] = AREAS,
): AreaLink[] {
  const out: AreaLink[] = [];
  for (const a of areas) {
    if (a.permission && !ctx.permissions?.includes(a.permission)) continue;
    if (a.feature && ctx.features?.[a.feature] === false) continue;
    const params = a.params ? a.params(ctx) : {};
    if (params === null) continue;
    const href = route(a.route, params, table);
    const base = href.split('?')[0];
    // an area stays highlighted on its sub-pages (/projects/42 under /projects)
    const active =
      routeIs(a.route, pathname, table) || (base !== '/' && pathname.startsWith(`${base}/`));
    out.push({ label: a.label, route: a.route, href, icon: a.icon, active });
  }
  return out;
}
