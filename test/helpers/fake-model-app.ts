import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { BuildOptions } from '../../src/server/app.js';
import {
  startFakeModelServer,
  type FakeModelServer,
} from '../../src/server/modules/assistant/fake-model-server.js';
import { tempDataDir } from '../../src/server/modules/sources/test-support.js';
import { createTestApp, type TestApp } from './app.js';

/** The model the test app is configured with. */
export const FAKE_MODEL = 'fake-model';

/**
 * A test app whose configured model is a local fake chat completions server (the outside world),
 * started before the file's tests and closed after them. Read `t` and `fake` inside tests (they
 * are set once `beforeAll` ran). `build` goes to the app (e.g. the shared model client's sleeper);
 * `dataDir` gives the app a data directory of its own (uploads, imports), removed after; `ai`
 * adds to the model's configuration (e.g. a small summary merge fan-in).
 */
export function fakeModelApp(
  build: Partial<BuildOptions> = {},
  opts: { dataDir?: boolean; ai?: { summaryMergeFanIn?: number } } = {},
): {
  readonly t: TestApp;
  readonly fake: FakeModelServer;
} {
  let t: TestApp | undefined;
  let fake: FakeModelServer | undefined;
  const dataDir = opts.dataDir ? tempDataDir() : undefined;
  beforeAll(async () => {
    fake = await startFakeModelServer();
    t = await createTestApp({
      config: {
        ...(dataDir ? { dataDir } : {}),
        ai: { baseUrl: fake.baseUrl, apiKey: 'sk-test-key', model: FAKE_MODEL, ...opts.ai },
      },
      build,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get t() {
      if (!t) throw new Error('The fake model app starts in beforeAll: read it inside a test.');
      return t;
    },
    get fake() {
      if (!fake)
        throw new Error('The fake model server starts in beforeAll: read it inside a test.');
      return fake;
    },
  };
}
