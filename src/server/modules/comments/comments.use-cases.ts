import { and, eq } from 'drizzle-orm';
import { forbidden, notFound, ValidationError } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import { authorizeOwn, type UseCase } from '../../platform/use-case/index.js';
import {
  channels,
  encodeEventData,
  MAX_EVENT_DATA_BYTES,
} from '../../platform/realtime/publisher.js';
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
import { notificationPayload, NOTIFICATIONS_DELIVER } from '../notifications/index.js';
import { comments } from './comments.tables.js';
import {
  findComment,
  membersAmong,
  namesOf,
  type CommentRow,
  type Queryable,
} from './comments.queries.js';
import { peopleIn, toCommentView } from './comments.props.js';
import { resolveSubject, subjectPath, type CommentSubjectInfo } from './comments.subjects.js';

/** The audit log keeps only the start of a comment, never the whole text. */
const EXCERPT = 100;

/** The mentioned ids, all members of the team, or a field error on `body`. */
async function checkMentions(db: Queryable, teamId: string, body: string): Promise<string[]> {
  const ids = mentionedIds(body);
  if (ids.length > MENTIONS_MAX)
    throw new ValidationError({ body: `A comment may mention at most ${MENTIONS_MAX} people.` });
  const members = await membersAmong(db, teamId, ids);
  if (ids.some((id) => !members.has(id)))
    throw new ValidationError({ body: 'You can only mention members of this team.' });
  return ids;
}

async function commentView(db: Queryable, row: CommentRow): Promise<CommentView> {
  return toCommentView(row, await namesOf(db, peopleIn([row])));
}

/** Push a change to everyone in the team viewing the subject, after the commit (too large for one event: the thread reloads). */
function publish(uc: UseCase, event: CommentEventName, data: CommentEvent) {
  const fits = Buffer.byteLength(encodeEventData(data)) <= MAX_EVENT_DATA_BYTES;
  uc.publish(channels.team(uc.teamId), event, fits ? data : { ...data, comment: null });
}

/**
 * Tell each mentioned member (never the author): a `notifications.deliver` job queued in the
 * write's transaction. Its key makes it at most once per comment and person, however often an
 * edit drops and re-adds the mention.
 */
async function notifyMentioned(
  uc: UseCase,
  subject: CommentSubjectInfo,
  row: CommentRow,
  userIds: string[],
) {
  const who = uc.actor;
  const recipients = userIds.filter((id) => id !== who.userId);
  if (recipients.length === 0) return;
  const names = await namesOf(uc.tx, row.mentions);
  await uc.enqueue(
    NOTIFICATIONS_DELIVER,
    notificationPayload({
      userIds: recipients,
      key: `comment.mentioned:${row.id}`,
      teamId: who.teamId,
      type: 'comment.mentioned',
      title: `${who.name} mentioned you on ${subject.label}`,
      body: plainComment(row.body, 200, Object.fromEntries(names)),
      url: subjectPath(uc.ctx, subject),
      data: { commentId: row.id, subjectType: row.subjectType, subjectId: row.subjectId },
    }),
  );
}

const auditDetails = (row: CommentRow) => ({
  on: row.subjectType,
  onId: row.subjectId,
  excerpt: plainComment(row.body, EXCERPT),
  mentions: row.mentions.length,
});

export async function createComment(
  uc: UseCase,
  input: { subjectType: CommentSubject; subjectId: string; body: string },
) {
  uc.can('comment.create');
  const subject = await resolveSubject(uc.tx, uc.teamId, input.subjectType, input.subjectId);
  const mentions = await checkMentions(uc.tx, uc.teamId, input.body);
  const [row] = await uc.tx
    .insert(comments)
    .values({
      teamId: uc.teamId,
      subjectType: input.subjectType,
      subjectId: input.subjectId,
      authorId: uc.actor.userId,
      body: input.body,
      mentions,
    })
    .returning();
  await uc.audit({
    action: 'comment.created',
    subject: { type: 'comment', id: row.id, label: subject.label },
    details: auditDetails(row),
  });
  const view = await commentView(uc.tx, row);
  await notifyMentioned(uc, subject, row, mentions);
  publish(uc, COMMENT_EVENTS.created, {
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    comment: view,
  });
  return view;
}

/** The team's comment, or 404. */
async function commentOr404(uc: UseCase, commentId: unknown) {
  const row = await findComment(uc.tx, uc.teamId, idOr404(commentId, 'Comment'));
  if (!row) throw notFound('Comment');
  return row;
}

/** Only its author edits a comment. */
export async function updateComment(uc: UseCase, input: { commentId: unknown; body: string }) {
  uc.can('comment.create');
  const row = await commentOr404(uc, input.commentId);
  if (row.authorId !== uc.actor.userId) throw forbidden('You can edit only your own comments.');
  const subject = await resolveSubject(
    uc.tx,
    uc.teamId,
    row.subjectType as CommentSubject,
    row.subjectId,
  );
  if (row.body === input.body) {
    uc.unaudited('the text did not change');
    return commentView(uc.tx, row);
  }
  const mentions = await checkMentions(uc.tx, uc.teamId, input.body);
  const [next] = await uc.tx
    .update(comments)
    .set({ body: input.body, mentions, editedAt: new Date() })
    .where(and(eq(comments.id, row.id), eq(comments.teamId, uc.teamId)))
    .returning();
  await uc.audit({
    action: 'comment.updated',
    subject: { type: 'comment', id: row.id, label: subject.label },
    details: auditDetails(next),
  });
  const view = await commentView(uc.tx, next);
  // only people mentioned for the first time hear about it
  await notifyMentioned(
    uc,
    subject,
    next,
    mentions.filter((m) => !row.mentions.includes(m)),
  );
  publish(uc, COMMENT_EVENTS.updated, {
    subjectType: view.subjectType,
    subjectId: view.subjectId,
    comment: view,
  });
  return view;
}

/** Its author deletes a comment; the team's owner and administrators (comment.moderate) too. */
export async function deleteComment(uc: UseCase, input: { commentId: unknown }) {
  uc.can('comment.create');
  const row = await commentOr404(uc, input.commentId);
  try {
    authorizeOwn(uc.actor, row.authorId, 'comment.moderate');
  } catch {
    throw forbidden('You can delete only your own comments.');
  }
  const subject = await resolveSubject(
    uc.tx,
    uc.teamId,
    row.subjectType as CommentSubject,
    row.subjectId,
  ).catch(() => null);
  await uc.tx.delete(comments).where(and(eq(comments.id, row.id), eq(comments.teamId, uc.teamId)));
  await uc.audit({
    action: 'comment.deleted',
    subject: { type: 'comment', id: row.id, label: subject?.label ?? null },
    details: {
      ...auditDetails(row),
      author: row.authorId === uc.actor.userId ? 'self' : row.authorId,
    },
  });
  publish(uc, COMMENT_EVENTS.deleted, {
    subjectType: row.subjectType as CommentSubject,
    subjectId: row.subjectId,
    comment: { id: row.id },
  });
}
