import { afterAll, beforeAll } from 'vitest';
import type { BuildOptions } from '../../src/server/app.js';
import {
  startFakeModelServer,
  type FakeModelServer,
} from '../../src/server/modules/assistant/fake-model-server.js';
import { createTestApp, type TestApp } from './app.js';

/** The model the test app is configured with. */
export const FAKE_MODEL = 'fake-model';

/**
 * A test app whose configured model is a local fake chat completions server (the outside world),
 * started before the file's tests and closed after them. Read `t` and `fake` inside tests (they
 * are set once `beforeAll` ran). `build` goes to the app (e.g. the shared model client's sleeper).
 */
export function fakeModelApp(build: Partial<BuildOptions> = {}): {
  readonly t: TestApp;
  readonly fake: FakeModelServer;
} {
  let t: TestApp | undefined;
  let fake: FakeModelServer | undefined;
  beforeAll(async () => {
    fake = await startFakeModelServer();
    t = await createTestApp({
      config: { ai: { baseUrl: fake.baseUrl, apiKey: 'sk-test-key', model: FAKE_MODEL } },
      build,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
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
