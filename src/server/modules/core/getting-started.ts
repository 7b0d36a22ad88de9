import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../platform/auth/actor.js';
import { apiKeys, teamInvitations, teamMembers } from '../../platform/auth/auth.tables.js';
import type { AppContext } from '../../platform/context.js';
import type { RouteName, RouteParams } from '../../../shared/route.js';
import { roleCan, type Permission } from '../../../shared/permissions.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
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
  /** show the step only to a member whose role may do it (an invited viewer is not asked to create a project) */
  permission?: Permission;
  /** done when this SQL condition holds for THIS user (what teammates did never ticks someone else's
   * list); every step's condition is read in one query; null: not done */
  doneWhen?: (ctx: AppContext, actor: Actor) => SQL | null;
  /** done computed in JS (no query), for steps read from the actor */
  done?: (ctx: AppContext, actor: Actor) => Promise<boolean>;
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

const exists = (q: SQL) => sql`exists (${q})`;

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
    permission: 'team.members.invite',
    // the user invited someone to this team, or owns it and others have joined
    doneWhen: (_ctx, actor) => {
      if (!actor.team) return null;
      const invited = exists(
        sql`select 1 from ${teamInvitations} where ${and(eq(teamInvitations.organizationId, actor.team.id), eq(teamInvitations.inviterId, actor.user.id))}`,
      );
      if (actor.team.ownerId !== actor.user.id) return invited;
      return sql`(${invited} or ${exists(sql`select 1 from ${teamMembers} where ${and(eq(teamMembers.organizationId, actor.team.id), ne(teamMembers.userId, actor.user.id))}`)})`;
    },
  },
  {
    key: 'api-token',
    title: 'Create an API token',
    description: 'Connect other tools to Pathways through the API.',
    order: 40,
    route: 'api-tokens.index',
    doneWhen: (_ctx, actor) =>
      exists(sql`select 1 from ${apiKeys} where ${eq(apiKeys.referenceId, actor.user.id)}`),
  },
];

/** The steps for this user, in order, with links to the routes that exist. */
export async function gettingStartedFor(
  ctx: AppContext,
  actor: Actor,
): Promise<GettingStartedItem[]> {
  const steps = gettingStarted(ctx)
    .filter((s) => !s.permission || roleCan(actor.role, s.permission))
    .sort((a, b) => a.order - b.order);
  // every SQL condition in one query
  const conditions = steps.map((s) => (s.doneWhen ? s.doneWhen(ctx, actor) : null));
  const asked = conditions.flatMap((c, i) =>
    c ? [[`s${i}`, sql<boolean>`${c}`.as(`s${i}`)] as const] : [],
  );
  const [answers] = asked.length
    ? await ctx.db.select(Object.fromEntries(asked)).from(sql`(select 1) as one`)
    : [{}];
  return Promise.all(
    steps.map(async (s, i) => {
      let href: string | null = null;
      if (s.route) {
        try {
          href = ctx.routes.url(s.route, s.params?.(actor) ?? {});
        } catch {
          href = null; // a parameter is missing (e.g. no current team)
        }
      }
      const done = s.doneWhen
        ? Boolean((answers as Record<string, unknown>)[`s${i}`])
        : s.done
          ? await s.done(ctx, actor)
          : false;
      return { key: s.key, title: s.title, description: s.description, done, href };
    }),
  );
}

/** Sign-ins and registrations that count as a visit. */
const VISIT_ACTIONS = ['auth.registered', 'auth.login'];

/** True when the user has been here before this visit (two or more sign-ins or a registration and a sign-in): "Welcome back". */
export async function isReturningUser(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
): Promise<boolean> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, userId), inArray(auditLogs.action, VISIT_ACTIONS)));
  return Number(row?.n ?? 0) >= 2;
}
