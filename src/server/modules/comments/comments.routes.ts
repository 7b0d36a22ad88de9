import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { idOr404 } from '../../platform/http/ids.js';
import { parseInput } from '../../platform/http/validate.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { createLimit, inAbout } from '../../platform/rate-limit/limit.js';
import { roleCan } from '../../../shared/permissions.js';
import {
  commentIndexQuery,
  initialsOf,
  storeCommentSchema,
  updateCommentSchema,
  type CommentThreadData,
} from '../../../shared/comments/comments.schemas.js';
import { listThread, namesOf, teamPeople } from './comments.queries.js';
import { peopleIn, toCommentView } from './comments.props.js';
import { resolveSubject } from './comments.subjects.js';
import { createComment, deleteComment, updateComment } from './comments.use-cases.js';

/** The comment id of the path (a malformed one is a 404 before the body is looked at). */
const commentParam = (request: FastifyRequest) =>
  idOr404((request.params as { comment?: string }).comment, 'Comment');
/** posts and edits per person and minute */
const COMMENT_LIMIT = {
  max: 20,
  timeWindow: 60_000,
  key: (r: FastifyRequest) => `comment|${r.actor?.user.id ?? r.ip}`,
};

/**
 * JSON endpoints of the comment thread component (not Inertia pages). Anyone in the team may read
 * and comment (comment.create: every role, viewers included); only the author edits a comment;
 * the author, or the team's owner and administrators (comment.moderate), delete it.
 */
export function registerCommentRoutes(app: FastifyInstance, ctx: AppContext) {
  // each post or edit can notify people and is pushed to the whole team: 20 a minute per person
  // (counted once the body is valid, so refused input does not use up the allowance)
  const perUser = createLimit(app, {
    ...COMMENT_LIMIT,
    field: 'body',
    message: (s) => `You are commenting too quickly. Please try again ${inAbout(s)}.`,
  });

  app.get(
    '/comments',
    { config: { name: 'comments.index', access: { kind: 'team', permission: 'content.view' } } },
    async (request, reply) => {
      const actor = request.actor!;
      const teamId = actor.team!.id;
      const q = parseInput(commentIndexQuery, request.query);
      await resolveSubject(ctx.db, teamId, q.subjectType, q.subjectId);
      const [{ rows, hasOlder }, members] = await Promise.all([
        listThread(ctx.db, teamId, q.subjectType, q.subjectId),
        teamPeople(ctx.db, teamId),
      ]);
      const names = await namesOf(ctx.db, peopleIn(rows));
      const canModerate = roleCan(actor.role, 'comment.moderate');
      const data: CommentThreadData = {
        comments: rows.map((row) => {
          const own = row.authorId === actor.user.id;
          return { ...toCommentView(row, names), canEdit: own, canDelete: own || canModerate };
        }),
        members: members.map((m) => ({ id: m.id, name: m.name, initials: initialsOf(m.name) })),
        viewer: {
          id: actor.user.id,
          canComment: roleCan(actor.role, 'comment.create'),
          canModerate,
        },
        hasOlder,
      };
      return reply.header('cache-control', 'no-store').send(data);
    },
  );

  app.post(
    '/comments',
    { config: { name: 'comments.store', access: { kind: 'team', permission: 'comment.create' } } },
    async (request, reply) => {
      const input = parseInput(storeCommentSchema, request.body);
      await perUser(request, reply);
      const comment = await runUseCase(ctx, actorOf(request), (uc) => createComment(uc, input));
      return reply.code(201).send({ comment: { ...comment, canEdit: true, canDelete: true } });
    },
  );

  app.put(
    '/comments/:comment',
    { config: { name: 'comments.update', access: { kind: 'team', permission: 'comment.create' } } },
    async (request, reply) => {
      const commentId = commentParam(request);
      const input = parseInput(updateCommentSchema, request.body);
      await perUser(request, reply);
      const comment = await runUseCase(ctx, actorOf(request), (uc) =>
        updateComment(uc, { commentId, body: input.body }),
      );
      return reply.send({ comment: { ...comment, canEdit: true, canDelete: true } });
    },
  );

  app.delete(
    '/comments/:comment',
    {
      config: { name: 'comments.destroy', access: { kind: 'team', permission: 'comment.create' } },
    },
    async (request, reply) => {
      await runUseCase(ctx, actorOf(request), (uc) =>
        deleteComment(uc, { commentId: commentParam(request) }),
      );
      return reply.code(204).send();
    },
  );
}
