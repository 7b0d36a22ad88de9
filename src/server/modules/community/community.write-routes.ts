import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { parseInput } from '../../platform/http/validate.js';
import {
  accountActorOf,
  runAccountUseCase,
  type AccountUseCase,
} from '../../platform/use-case/index.js';
import { createLimit, inAbout } from '../../platform/rate-limit/limit.js';
import { POSTS_PER_MINUTE } from '../../../shared/community/community.js';
import {
  followSchema,
  hideSchema,
  lockSchema,
  memberRoleSchema,
  reactSchema,
  reportSchema,
  storeCommunitySchema,
  storePostSchema,
  threadSchema,
  updatePostSchema,
} from '../../../shared/community/community.schemas.js';
import {
  approveMember,
  createCommunity,
  joinCommunity,
  leaveCommunity,
  removeMember,
  resolveReport,
  setMemberRole,
} from './community.members.use-cases.js';
import {
  createThread,
  deleteThread,
  followThread,
  hideThread,
  lockThread,
  react,
  updateThread,
} from './community.threads.use-cases.js';
import {
  createPost,
  deletePost,
  hidePost,
  reportPost,
  updatePost,
} from './community.posts.use-cases.js';
import { param, verified } from './community.routes.js';

const config = (name: string) => ({
  config: { name, access: verified, feature: 'community' as const },
});

/** Every write of the community: the community roles decide inside the use cases. */
export function registerCommunityWrites(app: FastifyInstance, ctx: AppContext) {
  const run = <T>(request: FastifyRequest, fn: (uc: AccountUseCase) => Promise<T>) =>
    runAccountUseCase(ctx, accountActorOf(request), fn);
  // threads, responses, replies and their edits: POSTS_PER_MINUTE per person (counted once the
  // body is valid, so refused input does not use up the allowance)
  const posting = createLimit(app, {
    max: POSTS_PER_MINUTE,
    timeWindow: 60_000,
    key: (r) => `community-post|${r.actor?.user.id ?? r.ip}`,
    field: 'body',
    message: (s) => `You are posting too quickly. Please try again ${inAbout(s)}.`,
  });
  const showThread = (id: string) => ctx.routes.url('community.threads.show', { thread: id });
  const showCommunity = (id: string) => ctx.routes.url('community.show', { community: id });

  app.post('/community/communities', config('community.store'), async (request, reply) => {
    const input = parseInput(storeCommunitySchema, request.body);
    const c = await run(request, (uc) => createCommunity(uc, input));
    reply.flash({ success: `Community “${c.name}” created. You are its owner.` });
    return reply.redirect(showCommunity(c.id), 303);
  });

  app.post(
    '/community/communities/:community/join',
    config('community.join'),
    async (request, reply) => {
      const status = await run(request, (uc) => joinCommunity(uc, param(request, 'community')));
      reply.flash({
        success:
          status === 'active'
            ? 'Welcome: you are a member now.'
            : 'Your request to join was sent to the moderators.',
      });
      return reply.back(showCommunity(param(request, 'community')));
    },
  );

  app.post(
    '/community/communities/:community/leave',
    config('community.leave'),
    async (request, reply) => {
      await run(request, (uc) => leaveCommunity(uc, param(request, 'community')));
      reply.flash({ success: 'You left the community.' });
      return reply.redirect(ctx.routes.url('community.communities'), 303);
    },
  );

  app.post(
    '/community/communities/:community/members/:member/approve',
    config('community.members.approve'),
    async (request, reply) => {
      await run(request, (uc) =>
        approveMember(uc, param(request, 'community'), param(request, 'member')),
      );
      reply.flash({ success: 'Request approved.' });
      return reply.back(showCommunity(param(request, 'community')));
    },
  );

  app.put(
    '/community/communities/:community/members/:member',
    config('community.members.update'),
    async (request, reply) => {
      const input = parseInput(memberRoleSchema, request.body);
      await run(request, (uc) =>
        setMemberRole(uc, param(request, 'community'), param(request, 'member'), input.role),
      );
      reply.flash({ success: 'Role changed.' });
      return reply.back(showCommunity(param(request, 'community')));
    },
  );

  app.delete(
    '/community/communities/:community/members/:member',
    config('community.members.destroy'),
    async (request, reply) => {
      await run(request, (uc) =>
        removeMember(uc, param(request, 'community'), param(request, 'member')),
      );
      reply.flash({ success: 'Removed from the community.' });
      return reply.back(showCommunity(param(request, 'community')));
    },
  );

  app.post(
    '/community/communities/:community/threads',
    config('community.threads.store'),
    async (request, reply) => {
      const input = parseInput(threadSchema, request.body);
      await posting(request, reply);
      const t = await run(request, (uc) => createThread(uc, param(request, 'community'), input));
      reply.flash({ success: 'Thread posted.' });
      return reply.redirect(showThread(t.id), 303);
    },
  );

  app.put(
    '/community/threads/:thread',
    config('community.threads.update'),
    async (request, reply) => {
      const input = parseInput(threadSchema, request.body);
      await posting(request, reply);
      const t = await run(request, (uc) => updateThread(uc, param(request, 'thread'), input));
      reply.flash({ success: 'Thread saved.' });
      return reply.redirect(showThread(t.id), 303);
    },
  );

  app.delete(
    '/community/threads/:thread',
    config('community.threads.destroy'),
    async (request, reply) => {
      const t = await run(request, (uc) => deleteThread(uc, param(request, 'thread')));
      reply.flash({ success: 'Thread deleted.' });
      return reply.redirect(showCommunity(t.communityId), 303);
    },
  );

  app.post(
    '/community/threads/:thread/lock',
    config('community.threads.lock'),
    async (request, reply) => {
      const input = parseInput(lockSchema, request.body);
      await run(request, (uc) => lockThread(uc, param(request, 'thread'), input.locked));
      reply.flash({ success: input.locked ? 'Thread locked.' : 'Thread opened again.' });
      return reply.back(showThread(param(request, 'thread')));
    },
  );

  app.post(
    '/community/threads/:thread/hide',
    config('community.threads.hide'),
    async (request, reply) => {
      const input = parseInput(hideSchema, request.body);
      await run(request, (uc) => hideThread(uc, param(request, 'thread'), input.hidden));
      reply.flash({
        success: input.hidden ? 'Thread hidden from members.' : 'Thread shown again.',
      });
      return reply.back(showThread(param(request, 'thread')));
    },
  );

  app.post(
    '/community/threads/:thread/follow',
    config('community.threads.follow'),
    async (request, reply) => {
      const input = parseInput(followSchema, request.body);
      await run(request, (uc) => followThread(uc, param(request, 'thread'), input.following));
      reply.flash({
        success: input.following
          ? 'You will be told about new responses.'
          : 'You no longer follow this thread.',
      });
      return reply.back(showThread(param(request, 'thread')));
    },
  );

  app.post(
    '/community/threads/:thread/reactions',
    config('community.threads.react'),
    async (request, reply) => {
      const input = parseInput(reactSchema, request.body);
      await run(request, (uc) =>
        react(uc, { type: 'thread', id: param(request, 'thread') }, input),
      );
      return reply.back(showThread(param(request, 'thread')));
    },
  );

  app.post(
    '/community/threads/:thread/posts',
    config('community.posts.store'),
    async (request, reply) => {
      const input = parseInput(storePostSchema, request.body);
      await posting(request, reply);
      const p = await run(request, (uc) => createPost(uc, param(request, 'thread'), input));
      return reply.redirect(`${showThread(p.threadId)}#post-${p.id}`, 303);
    },
  );

  app.put('/community/posts/:post', config('community.posts.update'), async (request, reply) => {
    const input = parseInput(updatePostSchema, request.body);
    await posting(request, reply);
    const p = await run(request, (uc) => updatePost(uc, param(request, 'post'), input));
    reply.flash({ success: 'Post saved.' });
    return reply.redirect(`${showThread(p.threadId)}#post-${p.id}`, 303);
  });

  app.delete(
    '/community/posts/:post',
    config('community.posts.destroy'),
    async (request, reply) => {
      await run(request, (uc) => deletePost(uc, param(request, 'post')));
      reply.flash({ success: 'Post deleted.' });
      return reply.back(ctx.routes.url('community.feed'));
    },
  );

  app.post(
    '/community/posts/:post/hide',
    config('community.posts.hide'),
    async (request, reply) => {
      const input = parseInput(hideSchema, request.body);
      await run(request, (uc) => hidePost(uc, param(request, 'post'), input.hidden));
      reply.flash({ success: input.hidden ? 'Post hidden from members.' : 'Post shown again.' });
      return reply.back(ctx.routes.url('community.feed'));
    },
  );

  app.post(
    '/community/posts/:post/reactions',
    config('community.posts.react'),
    async (request, reply) => {
      const input = parseInput(reactSchema, request.body);
      await run(request, (uc) => react(uc, { type: 'post', id: param(request, 'post') }, input));
      return reply.back(ctx.routes.url('community.feed'));
    },
  );

  app.post('/community/reports', config('community.reports.store'), async (request, reply) => {
    const input = parseInput(reportSchema, request.body);
    await run(request, (uc) => reportPost(uc, input));
    reply.flash({ success: 'Thank you: the moderators will look at it.' });
    return reply.back(ctx.routes.url('community.feed'));
  });

  app.post(
    '/community/reports/:report/resolve',
    config('community.reports.resolve'),
    async (request, reply) => {
      await run(request, (uc) => resolveReport(uc, param(request, 'report')));
      reply.flash({ success: 'Report closed.' });
      return reply.back(ctx.routes.url('community.feed'));
    },
  );
}
