import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import type { MentionCandidate } from '../../../shared/community/community.js';
import { browseQuery, feedQuery } from '../../../shared/community/community.schemas.js';
import {
  communityOr404,
  isActive,
  isFollowing,
  listCommunities,
  listMembers,
  listPosts,
  listThreads,
  membershipOf,
  moderates,
  namesOf,
  openReports,
  reactionsOf,
  threadOr404,
  threadWithAuthor,
  type Queryable,
} from './community.queries.js';
import {
  mentionIds,
  toCommunityView,
  toPostViews,
  toThreadSummary,
  toThreadView,
} from './community.props.js';
import { mustBeMember } from './community.policy.js';
import { cardLookups } from './community.cards.js';
import { findLibraryItem } from '../libraries/index.js';

export const verified = { kind: 'verified' } as const;
export const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string>)[name];
const userOf = (request: FastifyRequest) => request.actor!.user.id;

async function oneCommunity(db: Queryable, userId: string, id: string) {
  const [row] = await listCommunities(db, userId, { ids: [id] });
  if (!row) throw notFound('Community');
  return toCommunityView(row);
}

async function candidates(db: Queryable, communityId: string): Promise<MentionCandidate[]> {
  return (await listMembers(db, communityId, false)).map((m) => ({ id: m.userId, label: m.name }));
}

/** The community pages: the feed, browse and join, one community, the thread forms and page. */
export function registerCommunityPages(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/community',
    { config: { feature: 'community', name: 'community.feed', access: verified } },
    async (request, reply) => {
      const q = feedQuery.parse(request.query ?? {});
      const userId = userOf(request);
      const [mine, page] = await Promise.all([
        listCommunities(ctx.db, userId, { mine: true }),
        listThreads(ctx.db, userId, q),
      ]);
      return reply.inertia('community/feed', {
        communities: mine.map(toCommunityView),
        threads: page.rows.map(toThreadSummary),
        hasMore: page.hasMore,
        ...q,
      });
    },
  );

  app.get(
    '/community/communities',
    { config: { feature: 'community', name: 'community.communities', access: verified } },
    async (request, reply) => {
      const q = browseQuery.parse(request.query ?? {});
      const rows = await listCommunities(ctx.db, userOf(request), { search: q.search });
      return reply.inertia('community/communities', {
        communities: rows.map(toCommunityView),
        search: q.search,
      });
    },
  );

  app.get(
    '/community/communities/:community',
    { config: { feature: 'community', name: 'community.show', access: verified } },
    async (request, reply) => {
      const c = await communityOr404(ctx.db, param(request, 'community'));
      const userId = userOf(request);
      const m = await membershipOf(ctx.db, c.id, userId);
      const q = feedQuery.parse(request.query ?? {});
      const mod = moderates(m);
      // everyone signed in sees what a community is about; its threads and members are for members
      const page = isActive(m)
        ? await listThreads(ctx.db, userId, q, c.id)
        : { rows: [], hasMore: false };
      return reply.inertia('community/show', {
        community: await oneCommunity(ctx.db, userId, c.id),
        threads: page.rows.map(toThreadSummary),
        hasMore: page.hasMore,
        ...q,
        members: isActive(m)
          ? (await listMembers(ctx.db, c.id, mod)).map((r) => ({
              userId: r.userId,
              name: r.name,
              // addresses only for the moderators who approve people
              email: mod ? r.email : '',
              role: r.role as 'owner' | 'moderator' | 'member',
              status: r.status as 'active' | 'pending',
              since: r.since.toISOString(),
            }))
          : [],
        reports: mod
          ? (await openReports(ctx.db, c.id)).map((r) => ({
              id: r.report.id,
              targetType: r.report.targetType as 'thread' | 'post',
              targetId: r.report.targetId,
              threadId: r.report.threadId,
              reason: r.report.reason,
              reporter: r.reporter ?? 'A former member',
              createdAt: r.report.createdAt.toISOString(),
            }))
          : [],
        canModerate: mod,
      });
    },
  );

  app.get(
    '/community/communities/:community/threads/create',
    { config: { feature: 'community', name: 'community.threads.create', access: verified } },
    async (request, reply) => {
      const c = await communityOr404(ctx.db, param(request, 'community'));
      if (!isActive(await membershipOf(ctx.db, c.id, userOf(request)))) throw notFound('Community');
      // ?card=<library item>: the thread opens with the card of an item the team's library holds
      const asked = (request.query as Record<string, unknown> | undefined)?.card;
      const teamId = request.actor!.team?.id;
      const item =
        typeof asked === 'string' && teamId ? await findLibraryItem(ctx.db, teamId, asked) : null;
      return reply.inertia('community/threads/create', {
        community: { id: c.id, name: c.name },
        thread: null,
        members: await candidates(ctx.db, c.id),
        cards: item ? { [item.id]: item.title } : {},
        sharing: item?.id ?? null,
      });
    },
  );

  app.get(
    '/community/threads/:thread/edit',
    { config: { feature: 'community', name: 'community.threads.edit', access: verified } },
    async (request, reply) => {
      const t = await threadOr404(ctx.db, param(request, 'thread'));
      const m = await membershipOf(ctx.db, t.communityId, userOf(request));
      mustBeMember(m);
      if (t.authorId !== userOf(request) || (t.hidden && !moderates(m))) throw notFound('Thread');
      const c = await communityOr404(ctx.db, t.communityId);
      return reply.inertia('community/threads/edit', {
        community: { id: c.id, name: c.name },
        thread: { id: t.id, title: t.title, body: t.body },
        members: await candidates(ctx.db, c.id),
        cards: Object.fromEntries(
          Object.entries(await cardLookups(ctx, t.id, [t.body])).map(([k, v]) => [k, v.title]),
        ),
        sharing: null,
      });
    },
  );

  app.get(
    '/community/threads/:thread',
    { config: { feature: 'community', name: 'community.threads.show', access: verified } },
    async (request, reply) => {
      const userId = userOf(request);
      const t = await threadOr404(ctx.db, param(request, 'thread'));
      const m = await membershipOf(ctx.db, t.communityId, userId);
      mustBeMember(m);
      const mod = moderates(m);
      if (t.hidden && !mod) throw notFound('Thread');
      const [row, posts, reactions, following, community, members] = await Promise.all([
        threadWithAuthor(ctx.db, t.id),
        listPosts(ctx.db, t.id, mod),
        reactionsOf(ctx.db, t.id),
        isFollowing(ctx.db, t.id, userId),
        oneCommunity(ctx.db, userId, t.communityId),
        candidates(ctx.db, t.communityId),
      ]);
      // replies under a hidden response stay out of members' sight with it
      const visible = posts.filter(
        (p) => !p.post.parentId || posts.some((r) => r.post.id === p.post.parentId),
      );
      const docs = [t.body, ...visible.map((p) => p.post.body)];
      const names = await namesOf(ctx.db, mentionIds(docs));
      const cards = await cardLookups(ctx, t.id, docs);
      const vctx = { viewer: userId, m, reactions, names, cards };
      return reply.inertia('community/threads/show', {
        community,
        thread: toThreadView(row, { ...vctx, following }),
        posts: toPostViews(visible, vctx),
        members,
        viewer: { id: userId, canModerate: mod, canPost: !t.locked },
      });
    },
  );
}
