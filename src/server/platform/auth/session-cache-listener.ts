import { randomUUID } from 'node:crypto';
import type { Client, Pool, PoolClient } from 'pg';
import type { Database } from '../db/client.js';
import type { ListCache } from '../http/list-cache.js';
import type { SessionCache } from './session-cache.js';

const AUTH_CHANNEL = 'pathways_auth';
/** the team whose listed content changed (migration 0006, http/list-cache.ts) */
const CONTENT_CHANNEL = 'pathways_content';
const BARRIER_TIMEOUT_MS = 5000;
const RECONNECT_MS = 1000;

interface Log {
  warn(msg: string): void;
}

/**
 * LISTEN for 'pathways_auth' (see session-cache.ts) and, with `lists`, 'pathways_content' (see
 * http/list-cache.ts) on one connection, and enable the caches once listening.
 * Returns the function that stops listening (call it before the database closes).
 */
export async function listenForAuthChanges(
  database: Database,
  cache: SessionCache,
  log: Log,
  lists?: ListCache,
): Promise<() => Promise<void>> {
  if (database.kind === 'pglite') {
    const unlisten = await database.pglite!.listen(AUTH_CHANNEL, (payload) => cache.apply(payload));
    const unlistenContent = lists
      ? await database.pglite!.listen(CONTENT_CHANNEL, (payload) => lists.apply(payload))
      : null;
    cache.enabled = true;
    if (lists) lists.enabled = true;
    return async () => {
      cache.enabled = false;
      cache.clear();
      if (lists) {
        lists.enabled = false;
        lists.clear();
      }
      try {
        await unlisten();
        await unlistenContent?.();
      } catch {
        // the database is already closed
      }
    };
  }
  return listenOnPostgres(database, cache, log, lists);
}

async function listenOnPostgres(
  database: Database,
  cache: SessionCache,
  log: Log,
  lists: ListCache | undefined,
) {
  const connectionString = (database.pool as unknown as { options: { connectionString?: string } })
    .options.connectionString;
  // imported here: the embedded mode never loads pg
  const { default: pg } = await import('pg');
  let client: Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  const waiting = new Map<string, () => void>();

  const down = () => {
    cache.enabled = false;
    cache.clear();
    if (lists) {
      lists.enabled = false;
      lists.clear();
    }
    for (const release of waiting.values()) release();
    waiting.clear();
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (n) => {
      const payload = n.payload ?? '';
      if (n.channel === CONTENT_CHANNEL) lists?.apply(payload);
      else if (payload.startsWith('sync:')) waiting.get(payload.slice(5))?.();
      else cache.apply(payload);
    });
    c.on('error', () => {}); // 'end' follows
    c.on('end', () => {
      if (client !== c) return;
      client = null;
      down();
      if (!closed) {
        log.warn(
          'session cache: the LISTEN connection to PostgreSQL closed; the cache is off until it reconnects.',
        );
        timer = setTimeout(() => void connect().catch(retry), RECONNECT_MS);
      }
    });
    await c.connect();
    await c.query(`LISTEN ${AUTH_CHANNEL}`);
    if (lists) await c.query(`LISTEN ${CONTENT_CHANNEL}`);
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    cache.clear();
    cache.enabled = true;
    if (lists) {
      lists.clear();
      lists.enabled = true;
    }
  };
  const retry = () => {
    if (!closed) timer = setTimeout(() => void connect().catch(retry), RECONNECT_MS);
  };
  await connect();

  // one barrier for both caches: notifications reach a listener in commit order, whatever the channel
  const barrier = async () => {
    if (!client || !cache.enabled) return;
    const nonce = randomUUID();
    const arrived = new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        // the listener did not catch up: nothing cached may be trusted
        waiting.delete(nonce);
        cache.clear();
        lists?.clear();
        resolve();
      }, BARRIER_TIMEOUT_MS);
      waiting.set(nonce, () => {
        clearTimeout(t);
        waiting.delete(nonce);
        resolve();
      });
    });
    await database
      .pool!.query('select pg_notify($1, $2)', [AUTH_CHANNEL, `sync:${nonce}`])
      .catch(() => waiting.get(nonce)?.());
    await arrived;
  };
  cache.barrier = barrier;
  if (lists) lists.barrier = barrier;

  const unwatch = watchWrites(database.pool!, (sql) => {
    if (AUTH_WRITE.test(sql)) cache.markDirty();
    if (lists && CONTENT_WRITE.test(sql)) lists.markDirty();
  });
  return async () => {
    closed = true;
    unwatch();
    if (timer) clearTimeout(timer);
    cache.barrier = null;
    if (lists) lists.barrier = null;
    const c = client;
    client = null;
    down();
    await c?.end().catch(() => {});
  };
}

/** a statement that changes an auth table outside a transaction, or ends a transaction */
const AUTH_WRITE =
  /^\s*(?:(?:insert\s+into|update|delete\s+from)\s+"?(?:users|sessions|team_members|teams|api_keys)"?[\s(]|commit\b|end\b)/i;

/** a statement that changes a table the API lists read outside a transaction, or ends a transaction (migration 0006) */
const CONTENT_WRITE =
  /^\s*(?:(?:insert\s+into|update|delete\s+from)\s+"?(?:projects|problems|toc_elements|toc_links|metrics|metric_targets|data_points|survey_questions|metric_values)"?[\s(]|truncate\b|commit\b|end\b)/i;

/** cheap prefilter: a write or the end of a transaction */
const WRITE = /^\s*(?:insert|update|delete|truncate|commit|end)\b/i;

function sqlText(arg: unknown): string {
  return typeof arg === 'string'
    ? arg
    : typeof (arg as { text?: unknown })?.text === 'string'
      ? (arg as { text: string }).text
      : '';
}

/** Call `onWrite` with the SQL after every statement of this pool that may have changed a watched table. */
function watchWrites(pool: Pool, onWrite: (sql: string) => void): () => void {
  type Query = (...args: unknown[]) => unknown;
  const WRAPPED = Symbol.for('pathways.authWriteWatch');
  const wrap = (target: { query: Query & { [WRAPPED]?: true } }) => {
    const original = target.query;
    if (original[WRAPPED]) return () => {};
    const wrapped: Query = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      const text = sqlText(args[0]);
      if (WRITE.test(text)) {
        const done = () => onWrite(text);
        if (result && typeof (result as Promise<unknown>).then === 'function')
          (result as Promise<unknown>).then(done, done);
        else done();
      }
      return result;
    };
    (wrapped as Query & { [WRAPPED]?: true })[WRAPPED] = true;
    target.query = wrapped;
    return () => {
      if (target.query === wrapped) target.query = original;
    };
  };
  const restorePool = wrap(pool as unknown as { query: Query });
  // every checkout (clients connected before this ran, e.g. by the migrator, included)
  const onAcquire = (client: PoolClient) => {
    wrap(client as unknown as { query: Query });
  };
  pool.on('acquire', onAcquire);
  return () => {
    restorePool();
    pool.off('acquire', onAcquire);
  };
}
