import type { AppContext } from '../../platform/context.js';

/** A named route's URL (server side), or `fallback` when that route is not registered. */
export function urlFor(ctx: Pick<AppContext, 'routes'>, name: string, params: Record<string, string>, fallback = '/dashboard'): string {
  const entry = ctx.routes.byName.get(name);
  if (!entry) return fallback;
  return entry.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\([^)]*\))?/g, (_, p: string) => encodeURIComponent(params[p] ?? ''));
}
