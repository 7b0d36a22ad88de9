import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { recentTeamActivity } from './dashboard.queries.js';
import { gettingStartedFor, isReturningUser } from './getting-started.js';
import { dashboardSectionsFor } from './dashboard.sections.js';

export function registerCorePages(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/',
    { config: { name: 'welcome', access: { kind: 'public' } } },
    async (request, reply) => {
      if (request.actor && request.actor.user.emailVerified) return reply.redirect('/dashboard');
      return reply.inertia('welcome');
    },
  );
  app.get(
    '/terms-of-service',
    { config: { name: 'terms.show', access: { kind: 'public' } } },
    async (_request, reply) => reply.inertia('legal/terms'),
  );
  app.get(
    '/privacy-policy',
    { config: { name: 'policy.show', access: { kind: 'public' } } },
    async (_request, reply) => reply.inertia('legal/privacy'),
  );
  app.get(
    '/dashboard',
    { config: { name: 'dashboard', access: { kind: 'verified' } } },
    async (request, reply) => {
      const actor = request.actor!;
      const sections = await dashboardSectionsFor(ctx, actor);
      return reply.inertia('dashboard', {
        ...sections,
        activity: async () => (actor.team ? recentTeamActivity(ctx.db, actor.team.id) : []),
        steps: () => gettingStartedFor(ctx, actor),
        returning: () => isReturningUser(ctx, actor.user.id),
      });
    },
  );
}
