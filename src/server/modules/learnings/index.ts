import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerLearningRoutes } from './learnings.routes.js';
import {
  deleteLearningsOf,
  detachFromElements,
  detachFromMetrics,
  learningIdsOf,
} from './learnings.queries.js';

/**
 * Learnings recorded against a problem, one of its elements or metrics (evidence, confidence, the
 * action with owner and date, status), and the learning questions they answer: the problem
 * workspace's Learnings tab. A removed problem takes them along; a removed element or metric
 * leaves its learnings on the problem (they are knowledge, not part of the removed record).
 */
export async function learningsModule(app: FastifyInstance, ctx: AppContext) {
  registerLearningRoutes(app, ctx);
  ctx.cascades.onRemove('problem', async (r) => {
    const ids = await learningIdsOf(r.tx, r.teamId, r.ids);
    await r.cascade('learning', ids.learnings);
    await r.cascade('learning_question', ids.questions);
    await deleteLearningsOf(r.tx, r.teamId, r.ids);
  });
  ctx.cascades.onRemove('element', (r) => detachFromElements(r.tx, r.teamId, r.ids));
  ctx.cascades.onRemove('metric', (r) => detachFromMetrics(r.tx, r.teamId, r.ids));
}
