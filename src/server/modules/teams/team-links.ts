import type { AppContext } from '../../platform/context.js';
import type { RouteName, RouteParams } from '../../../shared/route.js';

/** A path to a named route (the same table the client uses). */
export function pathTo(ctx: AppContext, name: RouteName, params: RouteParams = {}) {
  return ctx.routes.url(name, params);
}

/** An absolute URL to a named route, for mail. */
export function urlTo(ctx: AppContext, name: RouteName, params: RouteParams = {}) {
  return `${ctx.config.appUrl}${pathTo(ctx, name, params)}`;
}
