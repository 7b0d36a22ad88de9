import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { parseInput } from '../../platform/http/validate.js';
import { askSchema } from '../../../shared/assistant/assistant.schemas.js';
import type { StreamEvent } from '../../../shared/assistant/assistant.js';
import { EXAMPLE_QUESTIONS } from './intents.js';
import {
  findConversation,
  latestProblemConversation,
  listConversations,
  messagesOf,
} from './assistant.queries.js';
import { findProblem } from '../problems/index.js';
import type { ChanakyaPanelData } from '../../../shared/assistant/assistant.js';
import { deleteConversation, recordExchange } from './assistant.use-cases.js';
import { answerQuestion } from './ask.js';

const view = { kind: 'team', permission: 'content.view' } as const;
const HISTORY_TURNS = 10;

export function registerAssistantRoutes(app: FastifyInstance, ctx: AppContext) {
  const ownerOf = (request: Parameters<typeof actorOf>[0]) => ({
    teamId: request.actor!.team!.id,
    userId: request.actor!.user!.id,
  });
  const engine = (): 'model' | 'offline' => (ctx.config.ai ? 'model' : 'offline');

  app.get(
    '/chanakya',
    { config: { name: 'chanakya.index', access: view, feature: 'assistant' } },
    async (request, reply) =>
      reply.inertia('chanakya/index', {
        conversations: await listConversations(ctx.db, ownerOf(request)),
        conversation: null,
        engine: engine(),
        examples: EXAMPLE_QUESTIONS,
      }),
  );

  app.get(
    '/chanakya/:conversation',
    { config: { name: 'chanakya.show', access: view, feature: 'assistant' } },
    async (request, reply) => {
      const owner = ownerOf(request);
      const c = await findConversation(
        ctx.db,
        owner,
        (request.params as { conversation: string }).conversation,
      );
      return reply.inertia('chanakya/index', {
        conversations: await listConversations(ctx.db, owner),
        conversation: {
          id: c.id,
          title: c.title,
          messages: await messagesOf(ctx.db, owner.teamId, c.id),
        },
        engine: engine(),
        examples: EXAMPLE_QUESTIONS,
      });
    },
  );

  // the side panel of a problem page: the user's latest conversation about this problem
  app.get(
    '/problems/:problem/chanakya',
    { config: { name: 'chanakya.problem', access: view, feature: 'assistant' } },
    async (request, reply) => {
      const owner = ownerOf(request);
      const { problem } = await findProblem(
        ctx.db,
        owner.teamId,
        (request.params as { problem: string }).problem,
      );
      const c = await latestProblemConversation(ctx.db, owner, problem.id);
      const data: ChanakyaPanelData = {
        problem: { id: problem.id, title: problem.title },
        conversation: c
          ? { id: c.id, title: c.title, messages: await messagesOf(ctx.db, owner.teamId, c.id) }
          : null,
        engine: engine(),
        examples: EXAMPLE_QUESTIONS,
      };
      return reply.header('cache-control', 'no-store').send(data);
    },
  );

  // The answer streams as NDJSON (one StreamEvent a line); the exchange is kept once complete.
  app.post(
    '/chanakya/ask',
    { config: { name: 'chanakya.ask', access: view, feature: 'assistant' } },
    async (request, reply) => {
      const input = parseInput(askSchema, request.body);
      const owner = ownerOf(request);
      const actor = actorOf(request);
      const conversation = input.conversationId
        ? await findConversation(ctx.db, owner, input.conversationId)
        : null;
      // asked from a problem's side panel (a conversation keeps the problem it was started from)
      const problemId = conversation ? conversation.problemId : (input.problemId ?? null);
      const scoped = problemId ? await findProblem(ctx.db, owner.teamId, problemId) : null;
      const history = conversation
        ? (await messagesOf(ctx.db, owner.teamId, conversation.id))
            .slice(-HISTORY_TURNS)
            .map((m) => ({ role: m.role, content: m.content }))
        : [];
      const out = new PassThrough();
      const send = (e: StreamEvent) => out.write(`${JSON.stringify(e)}\n`);
      void (async () => {
        try {
          const answer = await answerQuestion({
            ctx,
            teamId: owner.teamId,
            question: input.question,
            history,
            scope: scoped
              ? {
                  problemId: scoped.problem.id,
                  projectId: scoped.problem.projectId,
                  title: scoped.problem.title,
                }
              : undefined,
            sink: { text: (text) => send({ type: 'text', text }) },
          });
          send({ type: 'citations', citations: answer.citations });
          const kept = await runUseCase(ctx, actor, (uc) =>
            recordExchange(uc, {
              conversationId: conversation?.id ?? null,
              problemId: scoped?.problem.id ?? null,
              question: input.question,
              answer,
            }),
          );
          send({
            type: 'conversation',
            id: kept.conversation.id,
            url: ctx.routes.url('chanakya.show', { conversation: kept.conversation.id }),
          });
          send({ type: 'done', messageId: kept.answerId });
        } catch (err) {
          request.log.error({ err }, 'assistant answer failed');
          send({ type: 'error', message: 'Something went wrong while answering. Try again.' });
        } finally {
          out.end();
        }
      })();
      return reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(out);
    },
  );

  app.delete(
    '/chanakya/:conversation',
    { config: { name: 'chanakya.destroy', access: view, feature: 'assistant' } },
    async (request, reply) => {
      await runUseCase(ctx, actorOf(request), (uc) =>
        deleteConversation(uc, (request.params as { conversation: string }).conversation),
      );
      reply.flash({ success: 'Conversation deleted.' });
      return reply.redirect(ctx.routes.url('chanakya.index'), 303);
    },
  );
}
