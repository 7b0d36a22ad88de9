/** The named-route table the server sends, and route(name, params) to build URLs from it. */
import type { RouteName } from './route-names.js';
export type { RouteName } from './route-names.js';

interface RouteDef {
  uri: string;
  methods: string[];
  parameters: string[];
  wheres: Record<string, string>;
}
export type RouteTable = Record<string, RouteDef>;

let table: RouteTable = {};
export function setRouteTable(t: RouteTable) {
  table = t;
}
export function routeTable() {
  return table;
}

export type RouteParams = Record<string, string | number | boolean | null | undefined>;

/**
 * route('teams.show', { team: 'abc' }) -> '/teams/abc'. Parameters not in the URI become the query string.
 * Throws on an unknown name or a missing parameter, so a broken link fails loudly in tests.
 */
export function route(name: RouteName, params: RouteParams = {}, t: RouteTable = table): string {
  const def = t[name];
  if (!def) throw new Error(`Unknown route '${name}'`);
  const rest: RouteParams = { ...params };
  const path = def.uri.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, p: string) => {
    const v = rest[p];
    if (v === undefined || v === null || v === '')
      throw new Error(`Route '${name}' needs parameter '${p}'`);
    delete rest[p];
    return encodeURIComponent(String(v));
  });
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(rest))
    if (v !== undefined && v !== null) qs.append(k, String(v));
  const q = qs.toString();
  return q ? `${path}?${q}` : path;
}

/** Is the current URL this named route? (for active sidebar links) */
export function routeIs(name: RouteName, pathname: string, t: RouteTable = table): boolean {
  const def = t[name];
  if (!def) return false;
  const re = new RegExp(
    '^' + def.uri.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+') + '$',
  );
  return re.test(pathname);
}
