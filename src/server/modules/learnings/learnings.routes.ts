import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { parseInput } from '../../platform/http/validate.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { problemTabProps } from '../problems/index.js';
import {
  createLearningSchema,
  learningQuestionSchema,
  updateLearningSchema,
} from '../../../shared/learnings/learnings.schemas.js';
import { learningsTabOf } from './learnings.queries.js';
import {
  createLearning,
  createQuestion,
  deleteLearning,
  deleteQuestion,
  updateLearning,
  updateQuestion,
} from './learnings.use-cases.js';

const create = { kind: 'team', permission: 'content.create' } as const;
const update = { kind: 'team', permission: 'content.update' } as const;
const remove = { kind: 'team', permission: 'content.delete' } as const;
const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string | undefined>)[name];
const tabUrl = (problemId: string) => `/problems/${problemId}?tab=learnings`;

/** The problem's Learnings tab (props) and the writes of learnings and learning questions. */
export function registerLearningRoutes(app: FastifyInstance, ctx: AppContext) {
  problemTabProps(ctx).push(async ({ teamId, problem, tab }) =>
    tab === 'learnings' ? { learnings: await learningsTabOf(ctx.db, teamId, problem.id) } : null,
  );

  app.post(
    '/problems/:problem/learnings',
    { config: { name: 'learnings.store', access: create } },
    async (request, reply) => {
      const input = parseInput(createLearningSchema, request.body);
      const learning = await runUseCase(ctx, actorOf(request), (uc) =>
        createLearning(uc, { problemId: param(request, 'problem'), input }),
      );
      reply.flash({ success: 'Learning recorded.' });
      return reply.back(tabUrl(learning.problemId));
    },
  );
  app.put(
    '/learnings/:learning',
    { config: { name: 'learnings.update', access: update } },
    async (request, reply) => {
      const input = parseInput(updateLearningSchema, request.body);
      const learning = await runUseCase(ctx, actorOf(request), (uc) =>
        updateLearning(uc, { learningId: param(request, 'learning'), input }),
      );
      reply.flash({ success: 'Learning saved.' });
      return reply.back(tabUrl(learning.problemId));
    },
  );
  app.delete(
    '/learnings/:learning',
    { config: { name: 'learnings.destroy', access: remove } },
    async (request, reply) => {
      const learning = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteLearning(uc, { learningId: param(request, 'learning') }),
      );
      reply.flash({ success: 'Learning deleted.' });
      return reply.back(tabUrl(learning.problemId));
    },
  );

  app.post(
    '/problems/:problem/learning-questions',
    { config: { name: 'learning-questions.store', access: create } },
    async (request, reply) => {
      const input = parseInput(learningQuestionSchema, request.body);
      const question = await runUseCase(ctx, actorOf(request), (uc) =>
        createQuestion(uc, { problemId: param(request, 'problem'), input }),
      );
      reply.flash({ success: 'Learning question added.' });
      return reply.back(tabUrl(question.problemId));
    },
  );
  app.put(
    '/learning-questions/:learningQuestion',
    { config: { name: 'learning-questions.update', access: update } },
    async (request, reply) => {
      const input = parseInput(learningQuestionSchema, request.body);
      const question = await runUseCase(ctx, actorOf(request), (uc) =>
        updateQuestion(uc, { questionId: param(request, 'learningQuestion'), input }),
      );
      reply.flash({ success: 'Learning question saved.' });
      return reply.back(tabUrl(question.problemId));
    },
  );
  app.delete(
    '/learning-questions/:learningQuestion',
    { config: { name: 'learning-questions.destroy', access: remove } },
    async (request, reply) => {
      const question = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteQuestion(uc, { questionId: param(request, 'learningQuestion') }),
      );
      reply.flash({ success: 'Learning question deleted; the learnings that answered it stay.' });
      return reply.back(tabUrl(question.problemId));
    },
  );
}
