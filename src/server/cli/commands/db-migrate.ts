import { sql } from 'drizzle-orm';
import { loadConfig } from '../../platform/config.js';
import { migrateDatabase, openDatabase, type Database } from '../../platform/db/client.js';
import type { Command } from '../command.js';

async function appliedCount(database: Database): Promise<number> {
  try {
    const r = (await database.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: Array<{ n: number }> };
    return Number(r.rows[0]?.n ?? 0);
  } catch {
    return 0; // no migrations table yet
  }
}

export const dbMigrate: Command = {
  name: 'db:migrate',
  summary: 'Apply pending database migrations',
  usage: '',
  details: [
    'npm start and the CLI also migrate on start; run this before rolling out web processes on PostgreSQL.',
  ],
  options: {},
  async run(_values, io) {
    const config = loadConfig(io.env);
    const database =
      io.build?.database ??
      (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
    try {
      const before = await appliedCount(database);
      await migrateDatabase(database);
      const after = await appliedCount(database);
      const where =
        database.kind === 'pglite'
          ? `embedded database in ${config.dataDir}`
          : 'PostgreSQL (DATABASE_URL)';
      io.out(
        after > before
          ? `Applied ${after - before} migration(s) to the ${where}; ${after} in total.`
          : `Nothing to migrate: the ${where} is up to date (${after} migration(s)).`,
      );
    } finally {
      if (!io.build?.database) await database.close();
    }
  },
};
