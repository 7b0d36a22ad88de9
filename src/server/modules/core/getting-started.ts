import { and, count, eq, ne } from 'drizzle-orm';
import type { Actor } from '../../platform/auth/actor.js';
import { apiKeys, teamInvitations, teamMembers } from '../../platform/auth/auth.tables.js';
import type { AppContext } from '../../platform/context.js';
import type { RouteName, RouteParams } from '../../../shared/route.js';
import type { GettingStartedItem } from '../../../shared/core/core.pages.js';

/** One getting-started step: computed from real data for the signed-in user and their team. */
export interface GettingStartedStep {
  key: string;
  title: string;
  description: string;
  /** lower comes first */
  order: number;
  /** the route that completes the step */
  route?: RouteName;
  params?: (actor: Actor) => RouteParams;
  done: (ctx: AppContext, actor: Actor) => Promise<boolean>;
}


const registries = new WeakMap<AppContext, GettingStartedStep[]>();

/** The app's getting-started steps; a module adds its own with gettingStarted(ctx).push(step). */
export function gettingStarted(ctx: AppContext): GettingStartedStep[] {
  let list = registries.get(ctx);
  if (!list) {
    list = [...CORE_STEPS];
    registries.set(ctx, list);
  }
  return list;
}

async function countOf(q: Promise<Array<{ n: number }>>) {
  const [row] = await q;
  return Number(row?.n ?? 0);
}

const CORE_STEPS: GettingStartedStep[] = [
  {
    key: 'verify-email',
    title: 'Verify your email address',
    description: 'Confirm the address we send sign-in and team mail to.',
    order: 10,
    route: 'verification.notice',
    done: async (_ctx, actor) => actor.user.emailVerified,
  },
  {
    key: 'two-factor',
    title: 'Turn on two-factor authentication',
    description: 'Protect your account with a code from an authenticator app.',
    order: 20,
    route: 'profile.show',
    done: async (_ctx, actor) => actor.user.twoFactorEnabled,
  },
  {
    key: 'invite-teammate',
    title: 'Invite a teammate',
    description: 'Work on your programme together: invite colleagues to your team.',
    order: 30,
    route: 'teams.show',
    params: (actor) => ({ team: actor.team?.id }),
    done: async (ctx, actor) => {
      if (!actor.team) return false;
      const others = await countOf(ctx.db.select({ n: count() }).from(teamMembers).where(and(eq(teamMembers.organizationId, actor.team.id), ne(teamMembers.userId, actor.user.id))));
      if (others > 0) return true;
      return (await countOf(ctx.db.select({ n: count() }).from(teamInvitations).where(eq(teamInvitations.organizationId, actor.team.id)))) > 0;
    },
  },
  {
    key: 'api-token',
    title: 'Create an API token',
    description: 'Connect other tools to Pathways through the API.',
    order: 40,
    route: 'api-tokens.index',
    done: async (ctx, actor) => (await countOf(ctx.db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.referenceId, actor.user.id)))) > 0,
  },
];

/** The steps for this user, in order, with links to the routes that exist. */
export async function gettingStartedFor(ctx: AppContext, actor: Actor): Promise<GettingStartedItem[]> {
  const steps = [...gettingStarted(ctx)].sort((a, b) => a.order - b.order);
  return Promise.all(
    steps.map(async (s) => {
      let href: string | null = null;
      if (s.route) {
        try {
          href = ctx.routes.url(s.route, s.params?.(actor) ?? {});
        } catch {
          href = null; // a parameter is missing (e.g. no current team)
        }
      }
      return { key: s.key, title: s.title, description: s.description, done: await s.done(ctx, actor), href };
    }),
  );
}
