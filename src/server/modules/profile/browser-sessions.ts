import { and, desc, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { sessions } from '../../platform/auth/auth.tables.js';
import { describeUserAgent } from './user-agent.js';
import type { BrowserSessionView } from '../../../shared/profile/profile.types.js';

/** a session as the profile page shows it (the shared page-props type) */
export type BrowserSession = BrowserSessionView;

/** The user's live sessions, most recently active first (tokens never leave the server). */
export async function listBrowserSessions(
  db: Db,
  userId: string,
  currentSessionId: string | null,
): Promise<BrowserSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      ip: sessions.ipAddress,
      ua: sessions.userAgent,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt));
  return rows
    .map((r) => {
      const d = describeUserAgent(r.ua);
      return {
        id: r.id,
        device: d.label,
        browser: d.browser,
        platform: d.platform,
        mobile: d.mobile,
        ipAddress: r.ip || null,
        current: r.id === currentSessionId,
        lastActiveAt: new Date(r.updatedAt).toISOString(),
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Sign the user out everywhere but here; returns how many sessions ended. */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  currentSessionId: string,
): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  return gone.length;
}

const TOUCH_EVERY_MS = 60_000;
const touched = new Map<string, number>();

/**
 * Record activity on a session (its updated_at), at most once a minute per session and process,
 * so "last active" in the browser-sessions list means something.
 */
export async function touchSession(db: Db, sessionId: string, now = Date.now()): Promise<void> {
  const last = touched.get(sessionId);
  if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
  if (touched.size > 10_000) touched.clear();
  touched.set(sessionId, now);
  await db
    .update(sessions)
    .set({ updatedAt: new Date(now) })
    .where(and(eq(sessions.id, sessionId), lt(sessions.updatedAt, new Date(now - TOUCH_EVERY_MS))));
}
