import {
  mkdirSync,
  writeFileSync,
  existsSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, migrateDatabase, MIGRATIONS_DIR } from '../src/server/platform/db/client.js';
import { buildProcessBundles } from './helpers/process-bundles.js';

export const TEMPLATE_DIR = path.resolve(import.meta.dirname, '../.test-data');

function migrationsHash() {
  const h = createHash('sha1');
  const walk = (d: string) => {
    for (const f of readdirSync(d).sort()) {
      const p = path.join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(f).update(readFileSync(p));
    }
  };
  walk(MIGRATIONS_DIR);
  return h.digest('hex').slice(0, 12);
}

/**
 * A migrated PostgreSQL database on the TEST_DATABASE_URL server, made once per set of
 * migrations (its name carries their hash), that every test file's database is copied from with
 * `CREATE DATABASE ... TEMPLATE` instead of running the migrations again. It is built under a
 * temporary name and renamed when complete, so a run that stopped halfway leaves no broken
 * template; it refuses connections, since a connected session would make copying it fail.
 */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `pw_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return name;
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${building}`);
    const u = new URL(serverUrl);
    u.pathname = `/${building}`;
    const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 1 });
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
    await admin.query(`alter database ${building} with allow_connections false`);
    try {
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch (err) {
      // another run finished the same template first: use theirs
      await admin.query(`drop database if exists ${building}`);
      if ((err as { code?: string }).code !== '42P04') throw err;
    }
    return name;
  } finally {
    await admin.end();
  }
}

/** A migrated PGlite data dir, dumped once per set of migrations. */
async function pgliteTemplate(): Promise<string> {
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const file = path.join(TEMPLATE_DIR, `template-${migrationsHash()}.tar.gz`);
  if (!existsSync(file)) {
    const database = await openDatabase({ memory: true, noLock: true });
    await migrateDatabase(database);
    const blob = await (database.pglite as PGlite).dumpDataDir('gzip');
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    renameSync(partial, file);
    await database.close();
  }
  return file;
}

/**
 * Vitest global setup of the integration tests (and e2e): the migrated template each test file's
 * fresh database is copied from (test/helpers/database.ts), so no test file runs the migrations;
 * and the bundles of the process-level tests' child processes (helpers/process-bundles.ts).
 */
export default async function setup() {
  await buildProcessBundles();
  if (process.env.TEST_DATABASE_URL)
    process.env.PG_TEMPLATE_DATABASE = await postgresTemplate(process.env.TEST_DATABASE_URL);
  else process.env.PGLITE_TEMPLATE = await pgliteTemplate();
}
