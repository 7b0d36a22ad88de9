import type { AppContext } from '../../platform/context.js';
import { route, type RouteParams } from '../../../shared/route.js';

/** A path to a named route (the same table the client uses). */
export function pathTo(ctx: AppContext, name: string, params: RouteParams = {}) {
  return route(name, params, ctx.routes.clientTable());
}

/** An absolute URL to a named route, for mail. */
export function urlTo(ctx: AppContext, name: string, params: RouteParams = {}) {
  return `${ctx.config.appUrl}${pathTo(ctx, name, params)}`;
}
