import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { audit } from '../../platform/audit/audit.js';
import { forbidden, notFound, ValidationError } from '../../platform/errors.js';
import { channels, encodeEventData, MAX_EVENT_DATA_BYTES } from '../../platform/realtime/publisher.js';
import { roleCan } from '../../../shared/permissions.js';
import {
  COMMENT_EVENTS,
  MENTIONS_MAX,
  mentionedIds,
  plainComment,
  type CommentEvent,
  type CommentEventName,
  type CommentView,
} from '../../../shared/comments/comments.schemas.js';
import type { CommentSubject } from '../../../shared/toc/vocabulary.js';
import { notifications, notify } from '../notifications/index.js';
import { comments } from './comments.tables.js';
import { findComment, membersAmong, namesOf, type CommentRow, type Queryable } from './comments.queries.js';
import { peopleIn, toCommentView } from './comments.props.js';
import { resolveSubject, subjectPath, type CommentSubjectInfo } from './comments.subjects.js';

/** The audit log keeps only the start of a comment, never the whole text. */
const EXCERPT = 100;

function acting(request: FastifyRequest) {
  const actor = request.actor!;
  if (!actor.team) throw notFound('Team');
  return { userId: actor.user.id, userName: actor.user.name, teamId: actor.team.id, role: actor.role };
}

/** The mentioned ids, all members of the team, or a field error on `body`. */
async function checkMentions(db: Queryable, teamId: string, body: string): Promise<string[]> {
  const ids = mentionedIds(body);
  if (ids.length > MENTIONS_MAX) throw new ValidationError({ body: `A comment may mention at most ${MENTIONS_MAX} people.` });
  const members = await membersAmong(db, teamId, ids);
  if (ids.some((id) => !members.has(id))) throw new ValidationError({ body: 'You can only mention members of this team.' });
  return ids;
}

export async function commentView(db: Queryable, row: CommentRow): Promise<CommentView> {
  return toCommentView(row, await namesOf(db, peopleIn([row])));
}

/** Push a change to everyone in the team viewing the subject (too large for one event: the thread reloads). */
async function publish(ctx: AppContext, teamId: string, event: CommentEventName, data: CommentEvent) {
  const fits = Buffer.byteLength(encodeEventData(data)) <= MAX_EVENT_DATA_BYTES;
  await ctx.realtime.publish(channels.team(teamId), event, fits ? data : { ...data, comment: null }).catch(() => {
    // saved anyway (the publisher logged why); others see it on their next load
  });
}

/** Tell each newly mentioned member (never the author). */
async function notifyMentioned(ctx: AppContext, who: ReturnType<typeof acting>, subject: CommentSubjectInfo, row: CommentRow, userIds: string[]) {
  // at most once per comment and person, however often an edit drops and re-adds the mention
  const already = userIds.length
    ? await ctx.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.type, 'comment.mentioned'), inArray(notifications.userId, userIds), sql`${notifications.data}->>'commentId' = ${row.id}`))
    : [];
  const told = new Set(already.map((n) => n.userId));
  const names = await namesOf(ctx.db, row.mentions);
  const url = subjectPath(ctx, subject);
  for (const userId of userIds) {
    if (userId === who.userId || told.has(userId)) continue;
    await notify(ctx, {
      userId,
      teamId: who.teamId,
      type: 'comment.mentioned',
      title: `${who.userName} mentioned you on ${subject.label}`,
      body: plainComment(row.body, 200, Object.fromEntries(names)),
      url,
      data: { commentId: row.id, subjectType: row.subjectType, subjectId: row.subjectId },
    });
  }
}

const auditDetails = (row: CommentRow) => ({ on: row.subjectType, onId: row.subjectId, excerpt: plainComment(row.body, EXCERPT), mentions: row.mentions.length });

export async function createComment(ctx: AppContext, request: FastifyRequest, input: { subjectType: CommentSubject; subjectId: string; body: string }) {
  const who = acting(request);
  const subject = await resolveSubject(ctx.db, who.teamId, input.subjectType, input.subjectId);
  const mentions = await checkMentions(ctx.db, who.teamId, input.body);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(comments)
      .values({ teamId: who.teamId, subjectType: input.subjectType, subjectId: input.subjectId, authorId: who.userId, body: input.body, mentions })
      .returning();
    await audit(tx, request, { action: 'comment.created', subjectType: 'comment', subjectId: created.id, subjectLabel: subject.label, details: auditDetails(created) });
    return created;
  });
  const view = await commentView(ctx.db, row);
  await notifyMentioned(ctx, who, subject, row, mentions);
  await publish(ctx, who.teamId, COMMENT_EVENTS.created, { subjectType: input.subjectType, subjectId: input.subjectId, comment: view });
  return view;
}

async function ownComment(ctx: AppContext, request: FastifyRequest, id: string, mayModerate: boolean) {
  const who = acting(request);
  const row = await findComment(ctx.db, who.teamId, id);
  if (!row) throw notFound('Comment');
  const own = row.authorId === who.userId;
  if (!own && !(mayModerate && roleCan(who.role, 'comment.moderate'))) {
    throw forbidden(mayModerate ? 'You can delete only your own comments.' : 'You can edit only your own comments.');
  }
  return { who, row };
}

export async function updateComment(ctx: AppContext, request: FastifyRequest, id: string, body: string) {
  const { who, row } = await ownComment(ctx, request, id, false);
  const subject = await resolveSubject(ctx.db, who.teamId, row.subjectType as CommentSubject, row.subjectId);
  if (row.body === body) return commentView(ctx.db, row);
  const mentions = await checkMentions(ctx.db, who.teamId, body);
  const updated = await ctx.db.transaction(async (tx) => {
    const [next] = await tx.update(comments).set({ body, mentions, editedAt: new Date() }).where(eq(comments.id, row.id)).returning();
    await audit(tx, request, { action: 'comment.updated', subjectType: 'comment', subjectId: row.id, subjectLabel: subject.label, details: auditDetails(next) });
    return next;
  });
  const view = await commentView(ctx.db, updated);
  // only people mentioned for the first time hear about it
  await notifyMentioned(ctx, who, subject, updated, mentions.filter((m) => !row.mentions.includes(m)));
  await publish(ctx, who.teamId, COMMENT_EVENTS.updated, { subjectType: view.subjectType, subjectId: view.subjectId, comment: view });
  return view;
}

export async function deleteComment(ctx: AppContext, request: FastifyRequest, id: string) {
  const { who, row } = await ownComment(ctx, request, id, true);
  const subject = await resolveSubject(ctx.db, who.teamId, row.subjectType as CommentSubject, row.subjectId).catch(() => null);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(comments).where(eq(comments.id, row.id));
    await audit(tx, request, {
      action: 'comment.deleted',
      subjectType: 'comment',
      subjectId: row.id,
      subjectLabel: subject?.label ?? null,
      details: { ...auditDetails(row), author: row.authorId === who.userId ? 'self' : row.authorId },
    });
  });
  await publish(ctx, who.teamId, COMMENT_EVENTS.deleted, { subjectType: row.subjectType as CommentSubject, subjectId: row.subjectId, comment: { id: row.id } });
}
