/**
 * @first-pass-only: its embedded and PostgreSQL-server variants run on every pass (test/marks.ts)
 * @runs-long: started first (test/sequencer.ts)
 * SIGKILL the real server during a burst of public form submissions (issue 9, section 6): every
 * response it acknowledged (201, or 200 duplicate) is stored exactly once after a restart, and the
 * outbox's re-send of every id gives duplicates, not new rows. On an on-disk PGlite data dir, and
 * on a PostgreSQL database of its own when TEST_DATABASE_URL or PG_SERVER_URL names a server.
 */
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import {
  migrateDatabase,
  openDatabase,
  type Database,
} from '../../src/server/platform/db/client.js';
import { formResponses } from '../../src/server/modules/forms/read-model.js';
import { formsTestKit } from '../../src/server/modules/forms/test-support.js';
import { createServerDatabase, postgresServerUrl } from '../helpers/database.js';
import {
  PROCESS_TEST_TIMEOUT,
  startServerProcess,
  stopProcess,
} from '../helpers/server-process.js';
import { sigkillDuringWrites } from './acked-writes.js';
import { KEY, tempDirs } from './harness.js';
import { publicSubmitScenario } from './public-submit-scenario.js';

const tempDir = tempDirs();

type Target = { dataDir: string } | { databaseUrl: string };

/** A published form with an open link, made through the app's own routes on the target database. */
async function publishedForm(target: Target) {
  const database = await openDatabase(target);
  try {
    await migrateDatabase(database);
    const app = await buildApp({
      database,
      migrate: false,
      logger: false,
      env: { NODE_ENV: 'test', APP_URL: 'http://localhost:3000' },
      config: { appKey: KEY.APP_KEY },
      assets: { version: 'test', dev: false, headTags: '' },
    });
    await app.ready();
    try {
      const kit = formsTestKit(() => ({ app, close: async () => {} }));
      const s = await kit.setup();
      const formId = await kit.newForm(s, { name: 'Burst', anonymous: true });
      await kit.add(s, formId, { key: 'n', type: 'integer', label: 'N', required: true });
      await kit.publish(s, formId);
      return { formId, token: await kit.openToken(formId) };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

const rowsOf = async (database: Database, formId: string) =>
  (
    await database.db
      .select({ n: count() })
      .from(formResponses)
      .where(eq(formResponses.formId, formId))
  )[0].n;

async function killDuringSubmissions(target: Target, env: NodeJS.ProcessEnv) {
  const { formId, token } = await publishedForm(target);
  const scenario = publicSubmitScenario(formId, token);
  const server = await startServerProcess(env);
  let result;
  try {
    expect(await scenario.available(server.url)).toBe(true);
    // 8 lanes in flight; killed after 150 acknowledged responses
    result = await sigkillDuringWrites(server, scenario, {
      concurrency: 8,
      max: 5000,
      killAfter: 150,
    });
  } finally {
    await stopProcess(server); // nothing to do once it was killed
  }
  expect(result.signal).toBe('SIGKILL');
  expect(result.acked.length).toBeGreaterThanOrEqual(150);

  const again = await startServerProcess(env);
  const resent: number[] = [];
  try {
    // the outbox re-sends everything it sent: the acknowledged ids are duplicates (200), the
    // ones in flight at the kill are either (stored before the kill: 200, or not: 201)
    for (let i = 0; i < result.attempted; i++) resent.push(await scenario.send(again.url, i));
  } finally {
    expect((await stopProcess(again)).code).toBe(0);
  }
  const database = await openDatabase(target);
  try {
    const stored = await scenario.present(database.db, result.acked);
    expect(stored.length, 'an acknowledged id is missing or stored twice').toBe(
      result.acked.length,
    );
    expect(new Set(stored)).toEqual(new Set(result.acked));
    // every id sent was stored exactly once, whether or not its first send was acknowledged
    expect(await rowsOf(database, formId)).toBe(result.attempted);
  } finally {
    await database.close();
  }
  const acked = new Set(result.acked);
  for (let i = 0; i < result.attempted; i++) {
    const id = scenario.idFor(i);
    expect([200, 201], `re-send of ${i}`).toContain(resent[i]);
    if (acked.has(id)) expect(resent[i], `re-send of acknowledged ${i}`).toBe(200);
  }
}

describe('SIGKILL during a burst of public submissions', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('embedded PGlite on disk: no acknowledged response lost, re-sends are duplicates', async () => {
    const dataDir = tempDir();
    await killDuringSubmissions(
      { dataDir },
      { ...KEY, DATA_DIR: dataDir, VACUUM_DELAY_SECONDS: '3600' },
    );
  });

  const serverUrl = postgresServerUrl();
  it.skipIf(!serverUrl)(
    'PostgreSQL: no acknowledged response lost, re-sends are duplicates',
    async () => {
      const created = await createServerDatabase(serverUrl!, 'pw_durable');
      try {
        await killDuringSubmissions(
          { databaseUrl: created.url },
          { ...KEY, DATABASE_URL: created.url, VACUUM_DELAY_SECONDS: '3600' },
        );
      } finally {
        await created.drop();
      }
    },
  );
});
