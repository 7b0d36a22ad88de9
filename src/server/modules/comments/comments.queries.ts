import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { teamMembers, users } from '../../platform/auth/auth.tables.js';
import type { CommentSubject } from '../../../shared/toc/vocabulary.js';
import { comments } from './comments.tables.js';

export type CommentRow = typeof comments.$inferSelect;
/** Anything that can run queries: the database or a transaction. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** A thread shows at most this many (the newest), oldest first. */
const THREAD_LIMIT = 500;

/** The newest THREAD_LIMIT comments on a subject, oldest first, and whether older ones exist. */
export async function listThread(
  db: Queryable,
  teamId: string,
  subjectType: CommentSubject,
  subjectId: string,
) {
  const rows = await db
    .select()
    .from(comments)
    .where(
      and(
        eq(comments.teamId, teamId),
        eq(comments.subjectType, subjectType),
        eq(comments.subjectId, subjectId),
      ),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(THREAD_LIMIT + 1);
  const hasOlder = rows.length > THREAD_LIMIT;
  return { rows: rows.slice(0, THREAD_LIMIT).reverse(), hasOlder };
}

/** One comment of the team, or undefined (another team's comment is not found either). */
export async function findComment(
  db: Queryable,
  teamId: string,
  id: string,
): Promise<CommentRow | undefined> {
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, id), eq(comments.teamId, teamId)))
    .limit(1);
  return row;
}

/** The team's members (id and name), by name: the mention picker's list. */
export function teamPeople(db: Queryable, teamId: string) {
  return db
    .select({ id: users.id, name: users.name })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.organizationId, teamId))
    .orderBy(asc(users.name), asc(users.id));
}

/** Names of these users (authors and mentioned people), whether or not they are still in the team. */
export async function namesOf(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Which of these user ids are members of the team. */
export async function membersAmong(
  db: Queryable,
  teamId: string,
  ids: string[],
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.organizationId, teamId), inArray(teamMembers.userId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Remove the comments of subjects that are being removed (a cascade subscriber, inside the deleting transaction). */
export async function deleteCommentsOf(
  db: Queryable,
  teamId: string,
  subjectType: string,
  subjectIds: string[],
) {
  if (!subjectIds.length) return;
  await db
    .delete(comments)
    .where(
      and(
        eq(comments.teamId, teamId),
        eq(comments.subjectType, subjectType),
        inArray(comments.subjectId, subjectIds),
      ),
    );
}
