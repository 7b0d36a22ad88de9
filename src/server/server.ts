import { buildApp, type BuildOptions } from './app.js';

/** Start the web server (and, in embedded mode, the in-process worker); shut down gracefully. */
export async function startServer(opts: BuildOptions = {}) {
  const app = await buildApp(opts);
  const { port, host, appUrl } = app.ctx.config;
  await app.listen({ port, host });
  app.log.info(`Pathways is listening on ${appUrl} (database: ${app.ctx.database.kind})`);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  return app;
}
