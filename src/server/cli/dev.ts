/**
 * `npm run dev`: the app with Vite in middleware mode (client modules served from source, React
 * fast refresh, HMR over the app's own HTTP server). `tsx watch` restarts the server on changes.
 */
import middie from '@fastify/middie';
import { createServer as createVite } from 'vite';
import { startServer } from '../server.js';
import { DataDirLockedError } from '../platform/db/lock.js';

process.env.NODE_ENV ??= 'development';
try {
  await startServer(
    { assets: 'dev' },
    {
      async beforeListen(app) {
        const vite = await createVite({
          // 'custom': no HTML fallback; the app renders its own pages
          appType: 'custom',
          server: { middlewareMode: true, hmr: { server: app.server } },
        });
        await app.register(middie);
        app.use(vite.middlewares);
        app.addHook('onClose', () => vite.close());
      },
    },
  );
} catch (e) {
  if (e instanceof DataDirLockedError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
