import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app.js';
import type { Config } from '../../src/server/platform/config.js';
import { launchBrowser } from './browser.js';

export interface Journey {
  t: TestApp;
  /** http://127.0.0.1:<port> of the listening app */
  base: string;
  /** a watched Chromium at 1280 x 900 (launchBrowser: axe on every page state) */
  browser: BrowserContext;
  close(): Promise<void>;
}

/**
 * The setup most journeys share: the app in-process on the built client, listening on a free port,
 * and one browser. `worker` starts the jobs worker as `npm start` does (imports, mail); `dataDir`
 * gives the app a data folder of its own (uploads), removed at close; `ai` configures a model
 * (a fake chat completions server the journey started).
 */
export async function startJourney(
  opts: { worker?: boolean; dataDir?: boolean; ai?: Config['ai'] } = {},
) {
  const dataDir = opts.dataDir ? mkdtempSync(path.join(tmpdir(), 'pathways-e2e-data-')) : undefined;
  const t = await createTestApp({
    build: { assets: 'built' },
    config: { ...(dataDir ? { dataDir } : {}), ...(opts.ai ? { ai: opts.ai } : {}) },
  });
  if (opts.worker) t.app.ctx.jobs.startWorker();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const b = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  const journey: Journey = {
    t,
    base,
    browser: b.context,
    async close() {
      await b.close();
      if (opts.worker) await t.app.ctx.jobs.stopWorker();
      await t.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return journey;
}

/**
 * One journey for the whole file: started in beforeAll, closed in afterAll. Read its fields inside
 * the tests (`j.t`, `j.base`, `j.browser`), once beforeAll has run.
 */
export function journeyForFile(opts: Parameters<typeof startJourney>[0] = {}): Journey {
  const j = {} as Journey;
  beforeAll(async () => Object.assign(j, await startJourney(opts)));
  afterAll(async () => j.close?.());
  return j;
}
