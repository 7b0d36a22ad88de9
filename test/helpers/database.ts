import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, migrateDatabase, type Database } from '../../src/server/platform/db/client.js';

/**
 * A fresh, migrated database for one test file: PGlite from the dumped template by default,
 * or a new database on the PostgreSQL server named by TEST_DATABASE_URL (dropped at close).
 */
/**
 * A PostgreSQL server for tests that need one whatever the pass: TEST_DATABASE_URL, or
 * PG_SERVER_URL (CI sets it on the PGlite pass too, so those tests are never skipped there).
 */
export const postgresServerUrl = (): string | undefined => process.env.TEST_DATABASE_URL || process.env.PG_SERVER_URL || undefined;

/** A new, empty database on the PostgreSQL server at serverUrl; `drop` removes it (also from e2e servers). */
export async function createServerDatabase(serverUrl: string, prefix = 'pw_test') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
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

export async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const created = await createServerDatabase(serverUrl);
    const database = await openDatabase({ databaseUrl: created.url, poolSize: 5 });
    await migrateDatabase(database);
    const close = database.close;
    database.close = async () => {
      await close();
      await created.drop();
    };
    return database;
  }
  const template = process.env.PGLITE_TEMPLATE;
  const database = await openDatabase({
    memory: true,
    noLock: true,
    loadDataDir: template ? new Blob([readFileSync(template)]) : undefined,
  });
  if (!template) await migrateDatabase(database);
  return database;
}
