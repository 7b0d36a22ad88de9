// @first-pass-only: the same PostgreSQL-server pool tests on every pass (test/marks.ts)
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from './client.js';
import { postgresServerUrl } from '../../../../test/helpers/database.js';

const url = postgresServerUrl();

describe.skipIf(!url)('PostgreSQL pool', () => {
  it('survives the server ending an idle connection and serves the next query', async () => {
    const seen: Error[] = [];
    const database = await openDatabase({
      databaseUrl: url,
      poolSize: 1,
      onIdleError: (e) => seen.push(e),
    });
    try {
      const { rows } = await database.pool!.query<{ pid: number }>(
        'select pg_backend_pid() as pid',
      );
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
      await admin.end();
      await expect.poll(() => seen.length).toBe(1);
      expect((seen[0] as { code?: string }).code).toBe('57P01');
      const again = await database.pool!.query<{ one: number }>('select 1 as one');
      expect(again.rows[0].one).toBe(1);
    } finally {
      await database.close();
    }
  });
});
