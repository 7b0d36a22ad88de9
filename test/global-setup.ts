import { mkdirSync, writeFileSync, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, migrateDatabase, MIGRATIONS_DIR } from '../src/server/platform/db/client.js';

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

/** A migrated PGlite data dir, dumped once, so each test file starts in well under a second. */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const file = path.join(TEMPLATE_DIR, `template-${migrationsHash()}.tar.gz`);
  if (!existsSync(file)) {
    const database = await openDatabase({ memory: true, noLock: true });
    await migrateDatabase(database);
    const blob = await (database.pglite as PGlite).dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
    await database.close();
  }
  process.env.PGLITE_TEMPLATE = file;
}
