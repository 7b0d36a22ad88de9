/**
 * API list pages (GET /api/v1/<things>), kept in memory as the JSON they answered, so a repeated
 * list read costs no query. Correct by invalidation, like the signed-in actors (session-cache.ts):
 *
 * - Each team has a content version. Statement-level triggers (migration 0006) NOTIFY
 *   'pathways_content' with the team id on every change to the tables the lists read, whichever
 *   code path made it (page routes, the API, the CLI, another process); the listener
 *   (auth/session-cache-listener.ts, the same connection) bumps that team's version. An entry is
 *   served only while its team's version is the one it was read under.
 * - PGlite delivers a notification before the writing query's promise resolves: exact. On
 *   PostgreSQL, after this process writes one of those tables or commits a transaction, the next
 *   lookup waits until the listener has caught up (`ready()`); other processes' changes arrive
 *   within the notification's delivery time.
 * - A fill that started before a bump is not stored (the version is read before the queries).
 * - While the listener is down the cache is off and empty.
 * - Bounded: at most `maxEntries` pages and `maxBytes` of JSON, least recently used dropped first.
 */

import { OwnWriteBarrier } from '../db/own-write-barrier.js';
export interface ListCacheOptions {
  maxEntries: number;
  maxBytes: number;
}

interface Entry {
  teamId: string;
  version: number;
  json: string;
}

/** What a fill read its data under: pass it back to `set`. */
export interface ListCacheStamp {
  epoch: number;
  version: number;
}

export class ListCache extends OwnWriteBarrier {
  private entries = new Map<string, Entry>();
  private versions = new Map<string, number>();
  /** the source of new versions: a bumped team never returns to an older number */
  private counter = 0;
  /** bumped by clear(): fills started before it are not stored */
  private epoch = 0;
  private bytes = 0;
  /** false while changes might be missed (no listener): nothing is served or stored */
  enabled = false;
  hits = 0;
  misses = 0;

  constructor(private readonly opts: ListCacheOptions) {
    super();
  }

  get size() {
    return this.entries.size;
  }

  get byteSize() {
    return this.bytes;
  }

  /** Read before the queries of a fill. */
  stamp(teamId: string): ListCacheStamp {
    return { epoch: this.epoch, version: this.versions.get(teamId) ?? 0 };
  }

  get(key: string, teamId: string): string | undefined {
    if (!this.enabled) return undefined;
    const e = this.entries.get(key);
    if (!e || e.teamId !== teamId || e.version !== (this.versions.get(teamId) ?? 0)) {
      if (e) this.remove(key, e);
      this.misses += 1;
      return undefined;
    }
    // most recently used last
    this.entries.delete(key);
    this.entries.set(key, e);
    this.hits += 1;
    return e.json;
  }

  /** Store what was read under `stamp`: skipped if the team's content changed (or the cache was cleared) since. */
  set(key: string, teamId: string, stamp: ListCacheStamp, json: string) {
    if (!this.enabled || stamp.epoch !== this.epoch) return;
    if (stamp.version !== (this.versions.get(teamId) ?? 0)) return;
    const size = json.length * 2;
    if (size > this.opts.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    while (
      this.entries.size > 0 &&
      (this.entries.size >= this.opts.maxEntries || this.bytes + size > this.opts.maxBytes)
    ) {
      const [k, e] = this.entries.entries().next().value as [string, Entry];
      this.remove(k, e);
    }
    this.entries.set(key, { teamId, version: stamp.version, json });
    this.bytes += size;
  }

  private remove(key: string, e: Entry) {
    this.entries.delete(key);
    this.bytes -= e.json.length * 2;
  }

  /** The team's content changed: its pages are stale. */
  invalidateTeam(teamId: string) {
    this.counter += 1;
    this.versions.set(teamId, this.counter);
    for (const [k, e] of this.entries) if (e.teamId === teamId) this.remove(k, e);
  }

  clear() {
    this.epoch += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  /** a 'pathways_content' notification payload: a team id, or '*' for every team */
  apply(payload: string) {
    if (payload === '*' || payload === '') this.clear();
    else this.invalidateTeam(payload);
  }
}
