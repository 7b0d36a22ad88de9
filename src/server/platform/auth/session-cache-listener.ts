import { randomUUID } from 'node:crypto';
import type { Client, Pool, PoolClient } from 'pg';
import type { Database } from '../db/client.js';
import type { SessionCache } from './session-cache.js';

const AUTH_CHANNEL = 'pathways_auth';
const BARRIER_TIMEOUT_MS = 5000;
const RECONNECT_MS = 1000;

interface Log {
  warn(msg: string): void;
}

/**
 * LISTEN for 'pathways_auth' (see session-cache.ts) and enable the cache once listening.
 * Returns the function that stops listening (call it before the database closes).
 */
export async function listenForAuthChanges(
  database: Database,
  cache: SessionCache,
  log: Log,
): Promise<() => Promise<void>> {
  if (database.kind === 'pglite') {
    const unlisten = await database.pglite!.listen(AUTH_CHANNEL, (payload) => cache.apply(payload));
    cache.enabled = true;
    return async () => {
      cache.enabled = false;
      cache.clear();
      try {
        await unlisten();
      } catch {
        // the database is already closed
      }
    };
  }
  return listenOnPostgres(database, cache, log);
}

async function listenOnPostgres(database: Database, cache: SessionCache, log: Log) {
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
    for (const release of waiting.values()) release();
    waiting.clear();
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (n) => {
      const payload = n.payload ?? '';
      if (payload.startsWith('sync:')) waiting.get(payload.slice(5))?.();
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
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    cache.clear();
    cache.enabled = true;
  };
  const retry = () => {
    if (!closed) timer = setTimeout(() => void connect().catch(retry), RECONNECT_MS);
  };
  await connect();

  cache.barrier = async () => {
    if (!client || !cache.enabled) return;
    const nonce = randomUUID();
    const arrived = new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        // the listener did not catch up: nothing cached may be trusted
        waiting.delete(nonce);
        cache.clear();
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

  const unwatch = watchWrites(database.pool!, () => cache.markDirty());
  return async () => {
    closed = true;
    unwatch();
    if (timer) clearTimeout(timer);
    cache.barrier = null;
    const c = client;
    client = null;
    down();
    await c?.end().catch(() => {});
  };
}

/** a statement that changes an auth table outside a transaction, or ends a transaction */
const AUTH_WRITE =
  /^\s*(?:(?:insert\s+into|update|delete\s+from)\s+"?(?:users|sessions|team_members|teams|api_keys)"?[\s(]|commit\b|end\b)/i;

function sqlText(arg: unknown): string {
  return typeof arg === 'string'
    ? arg
    : typeof (arg as { text?: unknown })?.text === 'string'
      ? (arg as { text: string }).text
      : '';
}

/** Call `onWrite` after every statement of this pool that may have changed an auth table. */
function watchWrites(pool: Pool, onWrite: () => void): () => void {
  type Query = (...args: unknown[]) => unknown;
  const WRAPPED = Symbol.for('pathways.authWriteWatch');
  const wrap = (target: { query: Query & { [WRAPPED]?: true } }) => {
    const original = target.query;
    if (original[WRAPPED]) return () => {};
    const wrapped: Query = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      if (AUTH_WRITE.test(sqlText(args[0]))) {
        if (result && typeof (result as Promise<unknown>).then === 'function')
          (result as Promise<unknown>).then(onWrite, onWrite);
        else onWrite();
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
