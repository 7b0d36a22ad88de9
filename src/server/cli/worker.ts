/**
 * `npm run worker`: a jobs worker on its own, for PostgreSQL deployments (several web and worker
 * processes). The embedded database is single-process, so there the web process runs the jobs.
 */
import { buildApp } from '../app.js';

process.env.NODE_ENV ??= 'production';
if (!process.env.DATABASE_URL) {
  console.error(
    'npm run worker needs DATABASE_URL pointing at a PostgreSQL server.\n' +
      'With the embedded database (no DATABASE_URL) the web process runs the jobs itself: just use npm start.',
  );
  process.exit(1);
}

const app = await buildApp({ assets: { version: 'worker', dev: false, headTags: '' } });
await app.ready();
const worker = app.ctx.jobs.startWorker();
app.log.info(
  `Pathways jobs worker ${worker.id} is running (concurrency ${app.ctx.config.jobs.concurrency}). Stop with Ctrl-C or SIGTERM.`,
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: finishing running jobs, then stopping`);
  const timer = setTimeout(() => process.exit(1), 30_000);
  timer.unref();
  await app.close(); // stops the worker (waits for running jobs), then closes the pool
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
