import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.js';

/**
 * PGlite runs no autovacuum (it is a single-user Postgres), so dead rows and stale planner
 * statistics pile up unless the app vacuums. PostgreSQL servers vacuum themselves.
 */
export async function vacuumAnalyze(database: Database, log: FastifyBaseLogger): Promise<boolean> {
  const started = Date.now();
  try {
    await database.exec('VACUUM (ANALYZE)');
    log.info(
      { ms: Date.now() - started, database: database.kind },
      'maintenance: VACUUM (ANALYZE) done',
    );
    return true;
  } catch (err) {
    log.error({ err }, 'maintenance: VACUUM (ANALYZE) failed');
    return false;
  }
}

export interface MaintenanceSchedule {
  stop(): Promise<void>;
}

/**
 * Embedded mode: VACUUM (ANALYZE) once `delayMs` after start, then every `intervalMs`
 * (VACUUM_DELAY_SECONDS, VACUUM_INTERVAL_HOURS; an interval of 0 turns it off).
 */
export function scheduleVacuum(
  database: Database,
  log: FastifyBaseLogger,
  opts: { intervalMs: number; delayMs: number },
): MaintenanceSchedule {
  if (!(opts.intervalMs > 0)) {
    log.info('maintenance: periodic VACUUM is off (VACUUM_INTERVAL_HOURS=0)');
    return { stop: async () => {} };
  }
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = (wait: number) => {
    timer = setTimeout(() => {
      running = vacuumAnalyze(database, log).finally(() => {
        running = null;
        if (!stopped) tick(opts.intervalMs);
      });
    }, wait);
    timer.unref();
  };
  tick(opts.delayMs);
  log.info(
    { firstInSeconds: Math.round(opts.delayMs / 1000), everyHours: opts.intervalMs / 3_600_000 },
    'maintenance: periodic VACUUM (ANALYZE) scheduled',
  );
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
