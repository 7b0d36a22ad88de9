import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app.js';
import { scheduleVacuum } from './platform/db/maintenance.js';
import { scheduleRateLimitCleanup } from './platform/rate-limit/store.js';

/**
 * Start the web server; in embedded mode (or IN_PROCESS_WORKER=true) also the jobs worker, and on
 * PGlite the periodic VACUUM (on PostgreSQL the rate-limit table clean-up). Shuts down gracefully on SIGINT/SIGTERM.
 */
export async function startServer(
  opts: BuildOptions = {},
  hooks: { beforeListen?: (app: FastifyInstance) => Promise<void> } = {},
) {
  const app = await buildApp(opts);
  await hooks.beforeListen?.(app);
  const { ctx } = app;
  const { port, host, appUrl } = ctx.config;
  if (ctx.config.inProcessWorker) ctx.jobs.startWorker();
  else if (ctx.database.kind === 'pglite')
    app.log.warn(
      'IN_PROCESS_WORKER=false with the embedded database: background jobs will not run (npm run worker needs PostgreSQL).',
    );
  if (ctx.database.kind === 'pglite') {
    const vacuum = scheduleVacuum(ctx.database, app.log, {
      intervalMs: ctx.config.maintenance.vacuumIntervalHours * 3_600_000,
      delayMs: ctx.config.maintenance.vacuumDelaySeconds * 1000,
    });
    app.addHook('preClose', () => vacuum.stop());
  } else {
    // rate-limit counters live in the database in PostgreSQL mode: drop ended windows now and then
    const cleanup = scheduleRateLimitCleanup(ctx.db, app.log);
    app.addHook('preClose', () => cleanup.stop());
  }
  await app.listen({ port, host });
  app.log.info(
    `Pathways is listening on ${appUrl} (database: ${ctx.database.kind}${ctx.config.inProcessWorker ? ', jobs worker in this process' : ''})`,
  );
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  return app;
}
