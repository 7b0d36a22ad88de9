import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { Writable } from 'node:stream';
import { freshDatabase } from '../../../../test/helpers/database.js';
import { until } from '../../../../test/helpers/wait.js';
import type { Database } from './client.js';
import { scheduleVacuum, vacuumAnalyze } from './maintenance.js';
import { loadConfig } from '../config.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

function capture() {
  const lines: Array<{ msg: string; [k: string]: unknown }> = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

it('VACUUM (ANALYZE) runs on the database and is logged', async () => {
  const { log, lines } = capture();
  await database.exec(
    'create table vac_probe (id int); insert into vac_probe select generate_series(1, 500); delete from vac_probe where id % 2 = 0',
  );
  expect(await vacuumAnalyze(database, log)).toBe(true);
  await new Promise((r) => setImmediate(r));
  expect(lines.some((l) => l.msg === 'maintenance: VACUUM (ANALYZE) done')).toBe(true);
  // ANALYZE ran: the planner now knows the table's row count
  const r = (await database.db.execute(
    `select reltuples::int as n from pg_class where relname = 'vac_probe'` as never,
  )) as unknown as { rows: Array<{ n: number }> };
  expect(r.rows[0].n).toBe(250);
});

it('a failing VACUUM is logged as an error, not thrown', async () => {
  const { log, lines } = capture();
  const broken = {
    ...database,
    exec: async () => Promise.reject(new Error('disk on fire')),
  } as Database;
  expect(await vacuumAnalyze(broken, log)).toBe(false);
  await new Promise((r) => setImmediate(r));
  expect(
    lines.some((l) => l.msg === 'maintenance: VACUUM (ANALYZE) failed' && l.level === 50),
  ).toBe(true);
});

it('the schedule vacuums once after the delay and then every interval, until stopped', async () => {
  const { log } = capture();
  let runs = 0;
  const counting = {
    ...database,
    exec: async (q: string) => void (q === 'VACUUM (ANALYZE)' && (runs += 1)),
  } as Database;
  const s = scheduleVacuum(counting, log, { delayMs: 10, intervalMs: 10 });
  await until(() => runs >= 3);
  await s.stop();
  const after = runs;
  await new Promise((r) => setTimeout(r, 60));
  expect(runs).toBe(after);
});

it('an interval of 0 turns it off', async () => {
  const { log, lines } = capture();
  let runs = 0;
  const counting = { ...database, exec: async () => void (runs += 1) } as Database;
  const s = scheduleVacuum(counting, log, { delayMs: 0, intervalMs: 0 });
  await new Promise((r) => setTimeout(r, 50));
  await s.stop();
  expect(runs).toBe(0);
  expect(lines.some((l) => /periodic VACUUM is off/.test(l.msg))).toBe(true);
});

it('the maintenance and worker settings come from the environment, with defaults and clear errors', () => {
  const base = { APP_KEY: 'k', DATA_DIR: '/tmp/unused-config-test' };
  const d = loadConfig(base);
  expect(d.maintenance).toEqual({ vacuumIntervalHours: 6, vacuumDelaySeconds: 60 });
  expect(d.jobs).toEqual({ concurrency: 1, pollMs: 1000, keepDays: 14, staleAfterSeconds: 900 });
  expect(d.inProcessWorker).toBe(true);
  const c = loadConfig({
    ...base,
    VACUUM_INTERVAL_HOURS: '0.5',
    VACUUM_DELAY_SECONDS: '5',
    WORKER_CONCURRENCY: '4',
    WORKER_POLL_MS: '250',
    JOBS_KEEP_DAYS: '0',
    JOBS_STALE_AFTER_SECONDS: '60',
    IN_PROCESS_WORKER: 'false',
  });
  expect(c.maintenance).toEqual({ vacuumIntervalHours: 0.5, vacuumDelaySeconds: 5 });
  expect(c.jobs).toEqual({ concurrency: 4, pollMs: 250, keepDays: 0, staleAfterSeconds: 60 });
  expect(c.inProcessWorker).toBe(false);
  expect(() => loadConfig({ ...base, WORKER_CONCURRENCY: '0' })).toThrow(
    /WORKER_CONCURRENCY must be a number >= 1/,
  );
  expect(() => loadConfig({ ...base, VACUUM_INTERVAL_HOURS: 'often' })).toThrow(
    /VACUUM_INTERVAL_HOURS/,
  );
});
