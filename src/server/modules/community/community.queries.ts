import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { teams, users } from '../../platform/auth/auth.tables.js';
import { notFound } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import { escapeLike } from '../../platform/http/table-query.js';
import {
  THREADS_PER_PAGE,
  type CommunityRole,
  type FeedSort,
} from '../../../shared/community/community.js';
import {
  communities,
  communityFollows,
  communityMembers,
  communityPosts,
  communityReactions,
  communityReports,
  communityThreads,
} from './community.tables.js';

export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;
export type CommunityRow = typeof communities.$inferSelect;
export type ThreadRow = typeof communityThreads.$inferSelect;
export type PostRow = typeof communityPosts.$inferSelect;
export interface Membership {
  role: CommunityRole;
  status: 'active' | 'pending';
}

export async function communityOr404(db: Queryable, id: unknown): Promise<CommunityRow> {
  const [row] = await db
    .select()
    .from(communities)
    .where(eq(communities.id, idOr404(id, 'Community')))
    .limit(1);
  if (!row) throw notFound('Community');
  return row;
}

export async function membershipOf(
  db: Queryable,
  communityId: string,
  userId: string,
): Promise<Membership | null> {
  const [row] = await db
    .select({ role: communityMembers.role, status: communityMembers.status })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
    .limit(1);
  return (row as Membership | undefined) ?? null;
}

export const isActive = (m: Membership | null): m is Membership => m?.status === 'active';
export const moderates = (m: Membership | null) =>
  isActive(m) && (m.role === 'owner' || m.role === 'moderator');

/** A thread and its community's row, or 404. */
export async function threadOr404(db: Queryable, id: unknown): Promise<ThreadRow> {
  const [row] = await db
    .select()
    .from(communityThreads)
    .where(eq(communityThreads.id, idOr404(id, 'Thread')))
    .limit(1);
  if (!row) throw notFound('Thread');
  return row;
}

export async function postOr404(db: Queryable, id: unknown): Promise<PostRow> {
  const [row] = await db
    .select()
    .from(communityPosts)
    .where(eq(communityPosts.id, idOr404(id, 'Post')))
    .limit(1);
  if (!row) throw notFound('Post');
  return row;
}

const memberCount = sql<number>`(select count(*)::int from ${communityMembers} m where m.community_id = ${communities.id} and m.status = 'active')`;
const threadCount = sql<number>`(select count(*)::int from ${communityThreads} t where t.community_id = ${communities.id} and t.hidden = false)`;

/** Communities with their counts and the viewer's membership, by name. */
export function listCommunities(
  db: Queryable,
  userId: string,
  opts: { search?: string; mine?: boolean; ids?: string[] } = {},
) {
  const conds: SQL[] = [];
  if (opts.search) {
    const like = `%${escapeLike(opts.search)}%`;
    conds.push(or(ilike(communities.name, like), ilike(communities.description, like))!);
  }
  if (opts.mine) conds.push(eq(communityMembers.status, 'active'));
  if (opts.ids) conds.push(inArray(communities.id, opts.ids));
  const join = and(
    eq(communityMembers.communityId, communities.id),
    eq(communityMembers.userId, userId),
  );
  const base = db
    .select({
      community: communities,
      memberCount,
      threadCount,
      myRole: communityMembers.role,
      myStatus: communityMembers.status,
    })
    .from(communities);
  return (
    opts.mine ? base.innerJoin(communityMembers, join) : base.leftJoin(communityMembers, join)
  )
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(asc(communities.name), asc(communities.id))
    .limit(200);
}

/**
 * Threads the viewer may see: in communities where they are an active member (or the one named),
 * hidden ones only where they moderate; newest or most recently active first; a title or text
 * search (ILIKE, wildcards escaped).
 */
export async function listThreads(
  db: Queryable,
  userId: string,
  q: { sort: FeedSort; search: string; page: number },
  communityId?: string,
) {
  const mine = db
    .select({ id: communityMembers.communityId })
    .from(communityMembers)
    .where(and(eq(communityMembers.userId, userId), eq(communityMembers.status, 'active')));
  const moderated = db
    .select({ id: communityMembers.communityId })
    .from(communityMembers)
    .where(
      and(
        eq(communityMembers.userId, userId),
        eq(communityMembers.status, 'active'),
        inArray(communityMembers.role, ['owner', 'moderator']),
      ),
    );
  const conds: SQL[] = [
    inArray(communityThreads.communityId, mine),
    or(eq(communityThreads.hidden, false), inArray(communityThreads.communityId, moderated))!,
  ];
  if (communityId) conds.push(eq(communityThreads.communityId, communityId));
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    conds.push(or(ilike(communityThreads.title, like), ilike(communityThreads.bodyText, like))!);
  }
  const order =
    q.sort === 'active'
      ? [desc(communityThreads.lastActivityAt), desc(communityThreads.id)]
      : [desc(communityThreads.createdAt), desc(communityThreads.id)];
  const rows = await db
    .select({
      thread: communityThreads,
      communityName: communities.name,
      authorName: users.name,
      teamName: teams.name,
    })
    .from(communityThreads)
    .innerJoin(communities, eq(communities.id, communityThreads.communityId))
    .leftJoin(users, eq(users.id, communityThreads.authorId))
    .leftJoin(teams, eq(teams.id, communityThreads.authorTeamId))
    .where(and(...conds))
    .orderBy(...order)
    .limit(THREADS_PER_PAGE + 1)
    .offset((q.page - 1) * THREADS_PER_PAGE);
  return { rows: rows.slice(0, THREADS_PER_PAGE), hasMore: rows.length > THREADS_PER_PAGE };
}

/** One thread with its community's name and author. */
export async function threadWithAuthor(db: Queryable, threadId: string) {
  const [row] = await db
    .select({
      thread: communityThreads,
      communityName: communities.name,
      authorName: users.name,
      teamName: teams.name,
    })
    .from(communityThreads)
    .innerJoin(communities, eq(communities.id, communityThreads.communityId))
    .leftJoin(users, eq(users.id, communityThreads.authorId))
    .leftJoin(teams, eq(teams.id, communityThreads.authorTeamId))
    .where(eq(communityThreads.id, threadId));
  return row;
}

/** A thread's responses and replies, oldest first; hidden ones only for moderators. */
export function listPosts(db: Queryable, threadId: string, withHidden: boolean) {
  return db
    .select({ post: communityPosts, authorName: users.name, teamName: teams.name })
    .from(communityPosts)
    .leftJoin(users, eq(users.id, communityPosts.authorId))
    .leftJoin(teams, eq(teams.id, communityPosts.authorTeamId))
    .where(
      and(
        eq(communityPosts.threadId, threadId),
        withHidden ? undefined : eq(communityPosts.hidden, false),
      ),
    )
    .orderBy(asc(communityPosts.createdAt), asc(communityPosts.id))
    .limit(2000);
}

/** Reaction counts per target of a thread, and which are the viewer's. */
export function reactionsOf(db: Queryable, threadId: string) {
  return db
    .select({
      targetId: communityReactions.targetId,
      reaction: communityReactions.reaction,
      userId: communityReactions.userId,
    })
    .from(communityReactions)
    .where(eq(communityReactions.threadId, threadId));
}

export async function isFollowing(db: Queryable, threadId: string, userId: string) {
  const [row] = await db
    .select({ t: communityFollows.threadId })
    .from(communityFollows)
    .where(and(eq(communityFollows.threadId, threadId), eq(communityFollows.userId, userId)))
    .limit(1);
  return Boolean(row);
}

export function followersOf(db: Queryable, threadId: string) {
  return db
    .select({ userId: communityFollows.userId })
    .from(communityFollows)
    .innerJoin(communityThreads, eq(communityThreads.id, communityFollows.threadId))
    .innerJoin(
      communityMembers,
      and(
        eq(communityMembers.communityId, communityThreads.communityId),
        eq(communityMembers.userId, communityFollows.userId),
        eq(communityMembers.status, 'active'),
      ),
    )
    .where(eq(communityFollows.threadId, threadId));
}

/** The community's members (pending requests too, for moderators), owners first. */
export function listMembers(db: Queryable, communityId: string, withPending: boolean) {
  return db
    .select({
      userId: communityMembers.userId,
      role: communityMembers.role,
      status: communityMembers.status,
      since: communityMembers.createdAt,
      name: users.name,
      email: users.email,
    })
    .from(communityMembers)
    .innerJoin(users, eq(users.id, communityMembers.userId))
    .where(
      and(
        eq(communityMembers.communityId, communityId),
        withPending ? undefined : eq(communityMembers.status, 'active'),
      ),
    )
    .orderBy(
      desc(communityMembers.status),
      sql`case ${communityMembers.role} when 'owner' then 0 when 'moderator' then 1 else 2 end`,
      asc(users.name),
    )
    .limit(1000);
}

/** Active members among `ids` (mentions must name members). */
export async function activeMembersAmong(db: Queryable, communityId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: communityMembers.userId })
    .from(communityMembers)
    .where(
      and(
        eq(communityMembers.communityId, communityId),
        eq(communityMembers.status, 'active'),
        inArray(communityMembers.userId, ids),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function namesOf(db: Queryable, ids: string[]): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.name]));
}

export function openReports(db: Queryable, communityId: string) {
  return db
    .select({ report: communityReports, reporter: users.name })
    .from(communityReports)
    .leftJoin(users, eq(users.id, communityReports.reporterId))
    .where(and(eq(communityReports.communityId, communityId), isNull(communityReports.resolvedAt)))
    .orderBy(desc(communityReports.createdAt))
    .limit(200);
}
