import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
// pg and drizzle's node-postgres driver are imported only in PostgreSQL mode (~14 MB RSS once
// loaded), the way PGlite's WebAssembly is only instantiated in the embedded mode
import type { Pool } from 'pg';
import * as schema from './schema.js';
import { lockDataDir } from './lock.js';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** raw query for maintenance and tests */
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
  pglite?: PGlite;
  pool?: Pool;
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../../migrations');

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** PGlite: start from a dumped data dir (tests reuse a migrated template) */
  loadDataDir?: Blob;
  /** PGlite: in-memory (tests) */
  memory?: boolean;
  /** skip the single-process lock (in-memory databases need none) */
  noLock?: boolean;
  poolSize?: number;
  /** PostgreSQL: called when an idle pooled connection fails (default: a one-line warning) */
  onIdleError?: (err: Error) => void;
}

const defaultIdleError = (err: Error) => {
  console.warn(
    `PostgreSQL: an idle connection was closed (${(err as { code?: string }).code ?? err.message}); it will be replaced.`,
  );
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle connection the server ends (restart, failover, pg_terminate_backend) emits 'error' on
    // the pool; unhandled, that would crash the process. The pool replaces it on the next query.
    pool.on('error', (err) => (opts.onIdleError ?? defaultIdleError)(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      exec: async (t) => void (await pool.query(t)),
      close: () => pool.end(),
    };
  }
  let release = () => {};
  let client: PGlite;
  const pgliteOptions = { loadDataDir: opts.loadDataDir, startParams: pgliteStartParams() };
  if (opts.memory) {
    client = new PGlite(pgliteOptions);
  } else {
    const dir = path.resolve(opts.dataDir ?? './data', 'pgdata');
    mkdirSync(path.dirname(dir), { recursive: true });
    if (!opts.noLock) release = lockDataDir(path.dirname(dir));
    client = new PGlite(dir, pgliteOptions);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    exec: async (t) => void (await client.exec(t)),
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * PGlite's server settings. Postgres sizes shared_buffers for a machine it has to itself (128 MB,
 * touched at start and kept in the process); one embedded connection needs far less, and the data
 * files stay in the OS page cache. PGLITE_SHARED_BUFFERS overrides (e.g. 64MB).
 */
function pgliteStartParams(): string[] {
  const sharedBuffers = process.env.PGLITE_SHARED_BUFFERS || '16MB';
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    // serialize concurrent migrators (several web processes starting at once) on one connection
    const conn = await database.pool!.connect();
    try {
      await conn.query('select pg_advisory_lock(727274)');
      await migratePg(drizzlePg(conn) as never, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await conn.query('select pg_advisory_unlock(727274)').catch(() => {});
      conn.release();
    }
  }
}
