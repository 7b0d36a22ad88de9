/**
 * The embedded server alone in its own process, for the bench's memory rows (the bench process
 * itself also holds the load generator and the measuring code). Prints one JSON line when ready:
 * `{ port, pid, cookies?, xsrf? }`; stops on SIGTERM.
 *
 *   node --import tsx bench/server-process.ts <dataDir> [--users N]
 * With --users it also creates N users in one team and signs the first in (cookies in the line).
 */
import { buildApp } from '../src/server/app.js';
import { benchUsers, sessionCookies, xsrfCookie } from './setup.js';

const [dataDir, flag, n] = process.argv.slice(2);
const app = await buildApp({
  env: {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    APP_URL: 'http://127.0.0.1',
    TRUST_PROXY: 'true',
    API_RATE_LIMIT: '1000000000',
  },
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
let extra = {};
if (flag === '--users') {
  const users = await benchUsers(app, Number(n ?? 1));
  extra = {
    cookies: await sessionCookies(app, users[0]),
    xsrf: await xsrfCookie(`http://127.0.0.1:${port}`),
  };
}
process.stdout.write(`${JSON.stringify({ port, pid: process.pid, ...extra })}\n`);
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
