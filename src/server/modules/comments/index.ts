import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerCommentRoutes } from './comments.routes.js';
import { deleteCommentsOf } from './comments.queries.js';

export { comments } from './comments.tables.js';

/**
 * Comments on projects, problems and every element of a theory of change: JSON endpoints for the
 * thread component, @-mentions that notify, live events on the team channel, every change audited.
 */
export async function commentsModule(app: FastifyInstance, ctx: AppContext) {
  registerCommentRoutes(app, ctx);
  // comments point at their subject without a foreign key: whatever is removed takes its thread with it
  ctx.cascades.onRemove('*', (r) => deleteCommentsOf(r.tx, r.teamId, r.subjectType, r.ids));
}
