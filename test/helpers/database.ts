import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import {
  openDatabase,
  migrateDatabase,
  type Database,
  type Db,
} from '../../src/server/platform/db/client.js';
import * as schema from '../../src/server/platform/db/schema.js';

/**
 * A PostgreSQL server for tests that need one whatever the pass: TEST_DATABASE_URL, or
 * PG_SERVER_URL (CI sets it on the PGlite pass too, so those tests are never skipped there).
 */
export const postgresServerUrl = (): string | undefined =>
  process.env.TEST_DATABASE_URL || process.env.PG_SERVER_URL || undefined;

/**
 * A new database on the PostgreSQL server at serverUrl (empty, or a copy of `template`);
 * `drop` removes it (also from e2e servers).
 */
export async function createServerDatabase(
  serverUrl: string,
  prefix = 'pw_test',
  template?: string,
) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(
      template ? `create database ${name} template ${template}` : `create database ${name}`,
    );
  } finally {
    await admin.end();
  }
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/*
 * What each fresh PGlite needs, read and compiled once per Vitest worker (the workers run many
 * files each: vitest.config.ts, isolate: false): the migrated template (test/global-setup.ts),
 * Postgres's file bundle and its two WebAssembly modules. Compiling the modules is most of the
 * cost of a new PGlite, and a reused module keeps the code V8 has already optimised.
 */
let pgliteParts:
  | Promise<{
      template: Blob;
      fsBundle: Blob;
      pgliteWasmModule: WebAssembly.Module;
      initdbWasmModule: WebAssembly.Module;
    }>
  | undefined;
function loadPgliteParts(template: string) {
  pgliteParts ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      WebAssembly.compile(readFileSync(path.join(dist, 'pglite.wasm'))),
      WebAssembly.compile(readFileSync(path.join(dist, 'initdb.wasm'))),
    ]);
    return {
      // unpacked once per worker: PGlite loads a plain tar in about half the time of the gzip
      // (measured 0.8 s against 1.5 s a database), and every test file makes one or more
      template: new Blob([gunzipSync(readFileSync(template))]),
      fsBundle: new Blob([readFileSync(path.join(dist, 'pglite.data'))]),
      pgliteWasmModule,
      initdbWasmModule,
    };
  })();
  return pgliteParts;
}

/** An in-memory PGlite started from the migrated template, wrapped as openDatabase wraps one. */
async function pgliteFromTemplate(template: string): Promise<Database> {
  const parts = await loadPgliteParts(template);
  const client = await PGlite.create({
    loadDataDir: parts.template,
    fsBundle: parts.fsBundle,
    pgliteWasmModule: parts.pgliteWasmModule,
    initdbWasmModule: parts.initdbWasmModule,
  });
  return {
    db: drizzle(client, { schema }) as unknown as Db,
    kind: 'pglite',
    pglite: client,
    exec: async (t) => void (await client.exec(t)),
    close: () => client.close(),
  };
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite from the template dumped by
 * test/global-setup.ts by default, or, with TEST_DATABASE_URL, a new database on that server
 * copied from the migrated template database global-setup made (`CREATE DATABASE ... TEMPLATE`),
 * dropped at close. Without global-setup's templates it migrates a new one (slower, same result).
 */
export async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = process.env.PG_TEMPLATE_DATABASE;
    const created = await createServerDatabase(serverUrl, 'pw_test', template);
    const database = await openDatabase({ databaseUrl: created.url, poolSize: 5 });
    if (!template) await migrateDatabase(database);
    const close = database.close;
    database.close = async () => {
      await close();
      await created.drop();
    };
    return database;
  }
  const template = process.env.PGLITE_TEMPLATE;
  if (template) return pgliteFromTemplate(template);
  const database = await openDatabase({ memory: true, noLock: true });
  await migrateDatabase(database);
  return database;
}
