import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerCommentRoutes } from './comments.routes.js';
import { deleteCommentsOf } from './comments.queries.js';
import { COMMENT_SUBJECTS, type CommentSubject } from '../../../shared/toc/vocabulary.js';

export { comments } from './comments.tables.js';
export { deleteCommentsOf, deleteCommentsUnder } from './comments.queries.js';
export { resolveSubject, type CommentSubjectInfo } from './comments.subjects.js';

/**
 * Comments on projects, problems and every element of a theory of change: JSON endpoints for the
 * thread component, @-mentions that notify, live events on the team channel, every change audited.
 */
export async function commentsModule(app: FastifyInstance, ctx: AppContext) {
  registerCommentRoutes(app, ctx);
  // a removed record takes its comment threads with it, whichever module owns the record
  ctx.cascades.onRemove('*', async (r) => {
    if ((COMMENT_SUBJECTS as readonly string[]).includes(r.subjectType)) await deleteCommentsOf(r.tx, r.teamId, r.subjectType as CommentSubject, r.ids);
  });
}
