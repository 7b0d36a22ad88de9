import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Ability, Permission } from '../../../shared/permissions.js';
import { route, type RouteName, type RouteParams } from '../../../shared/route.js';

/**
 * Who may call a route. Every route declares one; the authorization-matrix test reads them.
 * - public: anyone
 * - guest: only signed-out visitors (signed-in users are sent to the dashboard)
 * - auth: signed in, even before email verification (the verification notice, logout)
 * - verified: signed in with a verified email
 * - team: verified and a member of the current team holding `permission`
 * - api: a bearer API token holding `ability` (and its user's team role holding `permission`)
 * - signed: machine-to-machine, authenticated by the handler (e.g. Pusher HTTP API signature)
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'guest' }
  | { kind: 'auth' }
  | { kind: 'verified'; confirmPassword?: boolean }
  | { kind: 'team'; permission: Permission; confirmPassword?: boolean }
  | { kind: 'api'; ability: Ability; permission?: Permission }
  | { kind: 'signed' };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** route name used by the client's route() helper, e.g. 'teams.show' */
    name?: string;
    access?: Access;
    /** skip CSRF (only for machine routes with their own authentication) */
    csrf?: false;
  }
}

export interface RouteEntry {
  name: string;
  uri: string;
  methods: string[];
  parameters: string[];
  wheres: Record<string, string>;
  access: Access;
  /** fastify's url, e.g. /teams/:team */
  url: string;
}

/** Routes without a name: framework internals and the static files at the root (favicon, robots.txt). */
const UNNAMED_OK = [
  /^\/(favicon\.(svg|ico)|robots\.txt)$/,
  /^\/assets\//,
  /^\/@/,
  /^\/node_modules\//,
  /^\/src\//,
  /^\/api\/auth\//,
  /^\/build\//,
  /\*$/,
];

export class RouteRegistry {
  readonly byName = new Map<string, RouteEntry>();

  add(opts: RouteOptions) {
    const url = opts.url;
    const config = (opts.config ?? {}) as { name?: string; access?: Access };
    const methods = (Array.isArray(opts.method) ? opts.method : [opts.method]).map((m) =>
      m.toUpperCase(),
    );
    if (!config.name) {
      if (UNNAMED_OK.some((re) => re.test(url))) return;
      throw new Error(
        `Route ${methods.join(',')} ${url} has no config.name: every route needs a name and an access rule.`,
      );
    }
    if (!config.access) throw new Error(`Route ${config.name} (${url}) has no config.access.`);
    const existing = this.byName.get(config.name);
    if (existing) {
      if (existing.url !== url)
        throw new Error(`Route name ${config.name} is used for ${existing.url} and ${url}.`);
      existing.methods = [...new Set([...existing.methods, ...methods])];
      return;
    }
    const parameters = [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
    this.byName.set(config.name, {
      name: config.name,
      url,
      uri: url.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\([^)]*\))?/g, '{$1}'),
      methods,
      parameters,
      wheres: Object.fromEntries(
        [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)\(([^)]*)\)/g)].map((m) => [m[1], m[2]]),
      ),
      access: config.access,
    });
  }

  /** the table the client receives: name -> { uri, methods, parameters, wheres } */
  clientTable(): Record<
    string,
    { uri: string; methods: string[]; parameters: string[]; wheres: Record<string, string> }
  > {
    const out: Record<
      string,
      { uri: string; methods: string[]; parameters: string[]; wheres: Record<string, string> }
    > = {};
    for (const r of this.byName.values()) {
      if (r.access.kind === 'api' || r.access.kind === 'signed') continue;
      out[r.name] = { uri: r.uri, methods: r.methods, parameters: r.parameters, wheres: r.wheres };
    }
    return out;
  }

  /**
   * The one way to build a URL on the server: `ctx.routes.url('metrics.show', { metric: id })`.
   * Names are checked by tsc (RouteName, src/shared/route-names.ts); an unknown name or a missing
   * parameter throws (never a fallback URL).
   */
  url(name: RouteName, params: RouteParams = {}): string {
    const entry = this.byName.get(name);
    if (!entry) throw new Error(`Unknown route '${name}'`);
    return route(name, params, { [name]: entry });
  }

  all(): RouteEntry[] {
    return [...this.byName.values()];
  }
}

export function installRouteRegistry(app: FastifyInstance): RouteRegistry {
  const registry = new RouteRegistry();
  app.addHook('onRoute', (opts) => {
    if (
      opts.method === 'HEAD' ||
      (Array.isArray(opts.method) && opts.method.length === 1 && opts.method[0] === 'HEAD')
    )
      return;
    registry.add(opts);
  });
  return registry;
}
