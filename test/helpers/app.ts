import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/server/app.js';
import type { Config } from '../../src/server/platform/config.js';
import { freshDatabase } from './database.js';

export const TEST_APP_KEY = 'test-app-key-0123456789abcdefghijklmnopqrstuvwxyz';

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The whole app on a fresh database, for `app.inject()` tests. */
export async function createTestApp(
  opts: { config?: Partial<Config>; env?: NodeJS.ProcessEnv; build?: Partial<BuildOptions> } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  const app = await buildApp({
    database,
    migrate: false,
    logger: false,
    env: {
      NODE_ENV: 'test',
      APP_URL: 'http://localhost:3000',
      // database sources: the operator lets tests reach this machine's PostgreSQL and MariaDB
      PATHWAYS_SOURCES_ALLOW: '127.0.0.1',
      ...opts.env,
    },
    config: { appKey: TEST_APP_KEY, ...opts.config },
    assets: { version: 'test', dev: false, headTags: '' },
    // model calls retry without waiting (a test that checks the waits passes its own sleeper)
    model: { sleep: async () => {} },
    ...opts.build,
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
