import { OwnWriteBarrier } from '../db/own-write-barrier.js';
/**
 * Who a session cookie or an API token acts as, kept in memory between requests so a signed-in
 * request costs no query. Correctness comes from invalidation, not from the time to live:
 *
 * - Database triggers (migration 0002) NOTIFY 'pathways_auth' with `u:<user id>` or `t:<team id>`
 *   on every change to a user, their sessions, memberships, teams and tokens, whichever code path
 *   made it (our routes, Better Auth's endpoints, the CLI, another process). Each process LISTENs
 *   (session-cache-listener.ts) and drops the entries of that user or team.
 * - PGlite delivers a notification before the writing query's promise resolves, so in the embedded
 *   mode the very next request sees the change. On PostgreSQL, after this process writes an auth
 *   table or commits a transaction, the next lookup first waits until the listener has caught up
 *   with everything committed so far (a notification round trip: `ready()`), so this process is
 *   exact too; other processes' changes arrive within the notification's delivery time.
 * - Callers may also drop entries themselves (`ctx.sessionCache.invalidateUser(id)`), e.g. before
 *   acting on a change within the same request.
 * - A fill that started before an invalidation is not stored (the generation check), so a read of
 *   the old rows cannot be cached after the change that replaced them.
 * - While the listener is down (PostgreSQL connection lost) the cache is off and empty.
 */
export interface SessionCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  userId: string;
  teamIds: readonly string[];
  data: unknown;
  storedAt: number;
}

export class SessionCache extends OwnWriteBarrier {
  private entries = new Map<string, Entry>();
  /** bumped on every invalidation: a fill started under an older generation is not stored */
  private gen = 0;
  /** false while changes might be missed (no listener): nothing is served or stored */
  enabled = false;
  hits = 0;
  misses = 0;
  private readonly now: () => number;

  constructor(private readonly opts: SessionCacheOptions) {
    super();
    this.now = opts.now ?? Date.now;
  }

  get generation() {
    return this.gen;
  }

  get size() {
    return this.entries.size;
  }

  get<T>(key: string): T | undefined {
    if (!this.enabled) return undefined;
    const e = this.entries.get(key);
    if (!e || this.now() - e.storedAt > this.opts.ttlMs) {
      if (e) this.entries.delete(key);
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    return e.data as T;
  }

  /** Store what was read under `generation` (read it before the query): skipped if anything was invalidated since. */
  set(
    key: string,
    generation: number,
    owner: { userId: string; teamIds: readonly string[] },
    data: unknown,
  ) {
    if (!this.enabled || generation !== this.gen) return;
    if (this.entries.size >= this.opts.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, {
      userId: owner.userId,
      teamIds: owner.teamIds,
      data,
      storedAt: this.now(),
    });
  }

  delete(key: string) {
    this.gen += 1;
    this.entries.delete(key);
  }

  invalidateUser(userId: string) {
    this.gen += 1;
    for (const [k, e] of this.entries) if (e.userId === userId) this.entries.delete(k);
  }

  invalidateTeam(teamId: string) {
    this.gen += 1;
    for (const [k, e] of this.entries) if (e.teamIds.includes(teamId)) this.entries.delete(k);
  }

  clear() {
    this.gen += 1;
    this.entries.clear();
  }

  /** a 'pathways_auth' notification payload */
  apply(payload: string) {
    if (payload.startsWith('u:')) this.invalidateUser(payload.slice(2));
    else if (payload.startsWith('t:')) this.invalidateTeam(payload.slice(2));
    else if (!payload.startsWith('sync:')) this.clear();
  }
}
