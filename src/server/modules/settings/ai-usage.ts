import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { teamAiUsage, teamSettings } from './settings.tables.js';
import { monthOf } from './settings.props.js';

/** Model requests the team made in the month of `now` (UTC). */
export async function aiRequestsInMonth(db: Db, teamId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ requests: teamAiUsage.requests })
    .from(teamAiUsage)
    .where(and(eq(teamAiUsage.teamId, teamId), eq(teamAiUsage.month, monthOf(now))));
  return row?.requests ?? 0;
}

export type AiRequestGrant =
  | { allowed: true; used: number; limit: number | null }
  | { allowed: false; used: number; limit: number };

/**
 * Counts one model request against the team's AI monthly limit (settings), atomically: the
 * counter only moves while it is below the limit, so concurrent requests never pass it. Refused
 * (nothing counted) at the limit. No limit set: every request is counted and allowed.
 */
export async function countAiRequest(db: Db, teamId: string, now: Date): Promise<AiRequestGrant> {
  const [s] = await db
    .select({ limit: teamSettings.aiMonthlyLimit })
    .from(teamSettings)
    .where(eq(teamSettings.teamId, teamId));
  const limit = s?.limit ?? null;
  const month = monthOf(now);
  if (limit !== null && limit <= 0) return { allowed: false, used: 0, limit };
  const rows = await db
    .insert(teamAiUsage)
    .values({ teamId, month, requests: 1 })
    .onConflictDoUpdate({
      target: [teamAiUsage.teamId, teamAiUsage.month],
      set: { requests: sql`${teamAiUsage.requests} + 1` },
      ...(limit === null ? {} : { setWhere: sql`${teamAiUsage.requests} < ${limit}` }),
    })
    .returning({ requests: teamAiUsage.requests });
  if (rows[0]) return { allowed: true, used: rows[0].requests, limit };
  return { allowed: false, used: await aiRequestsInMonth(db, teamId, now), limit: limit! };
}
