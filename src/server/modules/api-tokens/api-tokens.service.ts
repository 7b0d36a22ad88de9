import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { apiKeys, teamMembers } from '../../platform/auth/auth.tables.js';
import { withAuthWritesIn } from '../../platform/auth/auth.js';
import { notFound } from '../../platform/errors.js';
import { parseInput } from '../../platform/http/validate.js';
import { createApiTokenSchema } from '../../../shared/api-tokens/api-tokens.schemas.js';
import { ABILITIES, type Ability } from '../../../shared/permissions.js';

type Ctx = Pick<AppContext, 'auth' | 'db'>;

export interface ApiTokenRow {
  id: string;
  name: string;
  abilities: Ability[];
  /** first characters of the token (e.g. pw_AbCd), safe to show */
  start: string | null;
  lastUsedAt: Date | null;
  createdAt: Date;
}

function parseJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return null;
  }
}

/** The abilities a stored token holds (permissions: { api: [...] }). */
export function abilitiesOf(permissions: unknown): Ability[] {
  const p = parseJson(permissions) as { api?: unknown } | null;
  const list = Array.isArray(p?.api) ? (p.api as unknown[]) : [];
  return ABILITIES.filter((a) => list.includes(a));
}

/** The team a stored token works in (metadata: { teamId }). */
export function teamOf(metadata: unknown): string | null {
  let m = parseJson(metadata);
  if (typeof m === 'string') m = parseJson(m); // tolerate double-encoded metadata
  const teamId = (m as { teamId?: unknown } | null)?.teamId;
  return typeof teamId === 'string' ? teamId : null;
}

function toRow(k: typeof apiKeys.$inferSelect): ApiTokenRow {
  return {
    id: k.id,
    name: k.name ?? 'Unnamed token',
    abilities: abilitiesOf(k.permissions),
    start: k.start,
    lastUsedAt: k.lastRequest,
    createdAt: k.createdAt,
  };
}

/**
 * Make an API token for a user in one of their teams. The plain text is returned once and
 * never stored (Better Auth keeps its hash). Used by the API Tokens page (inside its use case:
 * `ctx.db` is then the use case's transaction, which Better Auth's insert joins) and `token:create`.
 */
export async function createApiToken(
  ctx: Ctx,
  input: { userId: string; teamId: string; name: string; abilities: readonly Ability[] },
): Promise<{ id: string; plainText: string }> {
  // the shared schema is the one source of the limits (the page and `token:create` both come here)
  const { name, abilities } = parseInput(createApiTokenSchema, {
    name: input.name,
    abilities: [...input.abilities],
  });
  const [member] = await ctx.db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, input.userId), eq(teamMembers.organizationId, input.teamId)))
    .limit(1);
  if (!member) throw notFound('Team');
  const created = await withAuthWritesIn(ctx.auth, ctx.db, () =>
    ctx.auth.api.createApiKey({
      body: {
        userId: input.userId,
        name,
        permissions: { api: abilities },
        metadata: { teamId: input.teamId },
      },
    }),
  );
  return { id: created.id, plainText: created.key };
}

/** The user's tokens for one team, newest first. */
export async function listApiTokens(
  ctx: Ctx,
  userId: string,
  teamId: string,
): Promise<ApiTokenRow[]> {
  const rows = await ctx.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.referenceId, userId))
    .orderBy(desc(apiKeys.createdAt));
  return rows.filter((k) => teamOf(k.metadata) === teamId).map(toRow);
}

/** One of the user's tokens in the team, or 404 (another user's or team's token is "not found"). */
async function findApiToken(
  ctx: Ctx,
  userId: string,
  teamId: string,
  id: string,
): Promise<ApiTokenRow> {
  const [k] = await ctx.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.referenceId, userId)))
    .limit(1);
  if (!k || teamOf(k.metadata) !== teamId) throw notFound('API token');
  return toRow(k);
}

export async function updateApiTokenAbilities(
  ctx: Ctx,
  userId: string,
  teamId: string,
  id: string,
  abilities: readonly Ability[],
) {
  const before = await findApiToken(ctx, userId, teamId, id);
  const next = ABILITIES.filter((a) => abilities.includes(a));
  // the same column Better Auth's updateApiKey writes (JSON text), here inside the caller's transaction
  await ctx.db
    .update(apiKeys)
    .set({ permissions: JSON.stringify({ api: next }), updatedAt: new Date() })
    .where(and(eq(apiKeys.id, before.id), eq(apiKeys.referenceId, userId)));
  return { before, after: { ...before, abilities: next } };
}

export async function deleteApiToken(ctx: Ctx, userId: string, teamId: string, id: string) {
  const token = await findApiToken(ctx, userId, teamId, id);
  await ctx.db.delete(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.referenceId, userId)));
  return token;
}

/** Every token of a user (all teams), e.g. when the account is deleted. */
export async function deleteAllApiTokensOf(ctx: Ctx, userId: string) {
  await ctx.db.delete(apiKeys).where(eq(apiKeys.referenceId, userId));
}
