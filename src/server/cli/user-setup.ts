import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../platform/context.js';
import { teamMembers, teams, users } from '../platform/auth/auth.tables.js';
import { authErrorMessage } from '../platform/auth/bridge.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../platform/auth/auth.js';
import { CliError } from './command.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function findUserByEmail(ctx: AppContext, email: string) {
  const [u] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return u ?? null;
}

/**
 * Create a user through Better Auth (so every user-created hook runs: personal team, etc.),
 * then mark the email verified. The verification mail is not sent: the operator vouches.
 */
export async function createVerifiedUser(
  ctx: AppContext,
  input: { email: string; password: string; name: string },
) {
  if (!EMAIL.test(input.email))
    throw new CliError(`'${input.email}' is not a valid email address.`, 2);
  if (input.password.length < PASSWORD_MIN)
    throw new CliError(`The password must be at least ${PASSWORD_MIN} characters.`, 2);
  if (input.password.length > PASSWORD_MAX)
    throw new CliError(`The password must be at most ${PASSWORD_MAX} characters.`, 2);
  if (!input.name.trim()) throw new CliError('The name must not be empty.', 2);
  if (await findUserByEmail(ctx, input.email))
    throw new CliError(`A user with the email ${input.email} already exists.`);
  const sendVerification = ctx.accountMail.verification;
  ctx.accountMail.verification = async () => {};
  let userId: string;
  try {
    const res = await ctx.auth.api.signUpEmail({
      body: { email: input.email, password: input.password, name: input.name.trim() },
    });
    userId = res.user.id;
  } catch (err) {
    throw new CliError(`Could not create the user: ${authErrorMessage(err).message}`);
  } finally {
    ctx.accountMail.verification = sendVerification;
  }
  await ctx.db
    .update(users)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(eq(users.id, userId));
  const [u] = await ctx.db.select().from(users).where(eq(users.id, userId));
  return u;
}

function slugify(name: string) {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'team'
  );
}

async function freeSlug(ctx: AppContext, name: string) {
  const base = slugify(name);
  for (let i = 1; ; i++) {
    const slug = i === 1 ? base : `${base}-${i}`;
    const [taken] = await ctx.db
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.slug, slug))
      .limit(1);
    if (!taken) return slug;
  }
}

/**
 * Make the user an owner of the (non-personal) team with this name: create it if there is none,
 * otherwise join it (or promote the existing membership) as owner. The team becomes the user's
 * current team. Returns what happened.
 */
export async function ensureTeamOwner(
  ctx: AppContext,
  userId: string,
  teamName: string,
): Promise<{ teamId: string; created: boolean; joined: boolean }> {
  const name = teamName.trim();
  if (!name) throw new CliError('The team name must not be empty.', 2);
  const found = await ctx.db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(sql`lower(${teams.name})`, name.toLowerCase()), eq(teams.personal, false)))
    .orderBy(asc(teams.createdAt));
  if (found.length > 1)
    throw new CliError(`${found.length} teams are named '${name}': rename one first.`);
  let teamId: string;
  let created = false;
  let joined = false;
  if (found.length === 0) {
    try {
      const org = await ctx.auth.api.createOrganization({
        body: {
          name,
          slug: await freeSlug(ctx, name),
          userId,
          keepCurrentActiveOrganization: true,
        },
      });
      if (!org) throw new Error('no team returned');
      teamId = org.id;
    } catch (err) {
      throw new CliError(`Could not create the team '${name}': ${authErrorMessage(err).message}`);
    }
    await ctx.db.update(teams).set({ ownerId: userId }).where(eq(teams.id, teamId));
    created = true;
  } else {
    teamId = found[0].id;
    const [member] = await ctx.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.organizationId, teamId), eq(teamMembers.userId, userId)));
    if (!member) {
      try {
        await ctx.auth.api.addMember({ body: { userId, organizationId: teamId, role: 'owner' } });
      } catch (err) {
        throw new CliError(`Could not add the user to '${name}': ${authErrorMessage(err).message}`);
      }
      joined = true;
    } else if (member.role !== 'owner') {
      await ctx.db.update(teamMembers).set({ role: 'owner' }).where(eq(teamMembers.id, member.id));
      joined = true;
    }
  }
  await ctx.db.update(users).set({ currentTeamId: teamId }).where(eq(users.id, userId));
  return { teamId, created, joined };
}
