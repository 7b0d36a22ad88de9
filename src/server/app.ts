import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from './platform/config.js';
import {
  openDatabase,
  migrateDatabase,
  type Database,
  type OpenOptions,
} from './platform/db/client.js';
import { createAuth, joinedAuthTx } from './platform/auth/auth.js';
import { actorFromSession, actorFromToken } from './platform/auth/actor.js';
import { SessionCache } from './platform/auth/session-cache.js';
import { ListCache } from './platform/http/list-cache.js';
import { listenForAuthChanges } from './platform/auth/session-cache-listener.js';
import { createMailer } from './platform/mail/mailer.js';
import { MailQueue } from './platform/mail/mail-queue.js';
import { installRouteRegistry } from './platform/routes/registry.js';
import { installAccessControl } from './platform/routes/access.js';
import { installFeatureGate, TeamFeatures } from './platform/features/index.js';
import { installSecurityHeaders } from './platform/http/security-headers.js';
import { installFlash, takeFlash } from './platform/http/flash.js';
import { installCsrf } from './platform/http/csrf.js';
import { installErrorHandling } from './platform/http/errors-handler.js';
import { PUBLIC_DIR, registerRootFiles } from './platform/http/root-files.js';
import { logSerializers } from './platform/http/log-redaction.js';
import { installRequestLimit, type RequestLimiter } from './platform/db/request-limit.js';
import inertia from './platform/inertia/plugin.js';
import {
  CLIENT_OUT_DIR,
  devAssets,
  loadBuiltAssets,
  type ClientAssets,
} from './platform/inertia/assets.js';
import { AppHooks, SharedProps, type AppContext } from './platform/context.js';
import { createRealtime } from './platform/realtime/index.js';
import { registerModules } from './modules/index.js';
import { OpenApiRegistry } from './platform/openapi/registry.js';
import { Jobs } from './platform/jobs/index.js';
import { Cascades } from './platform/use-case/cascades.js';
import { databaseRateLimitStore } from './platform/rate-limit/store.js';
import { defaultModelCalls, type ModelCallOptions } from './platform/model/model-client.js';

export interface BuildOptions {
  config?: Partial<Config>;
  env?: NodeJS.ProcessEnv;
  /** an already-open database (tests share one per file) */
  database?: Database;
  db?: OpenOptions;
  /** run migrations at start (default true) */
  migrate?: boolean;
  /** 'built' serves dist/client (default), 'dev' leaves assets to Vite middleware */
  assets?: 'built' | 'dev' | ClientAssets;
  logger?: boolean | object;
  /** where the default logger writes (tests capture logs in memory); stdout when unset */
  logStream?: NodeJS.WritableStream;
  /** rate-limit counters: the rate_limits table (default on PostgreSQL) or this process's memory (default on PGlite) */
  rateLimitStore?: 'database' | 'memory';
  /** model calls' retry settings; tests inject `sleep` and `now` (platform/model) */
  model?: Partial<ModelCallOptions>;
}

const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.secret',
  '*.code',
  '*.recoveryCode',
];

declare module 'fastify' {
  interface FastifyInstance {
    /** PGlite mode only: the request concurrency limiter (see platform/db/request-limit.ts) */
    requestLimiter: RequestLimiter | null;
    /** the client build's assets (the Inertia shell's and the public form entry's tags) */
    clientAssets: () => ClientAssets;
  }
}

export async function buildApp(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(opts.env ?? process.env, opts.config);
  const secure = config.appUrl.startsWith('https://');
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: logSerializers,
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // email-verification links carry a JWT in the path (/verify-email/:token), longer than the default 100
    routerOptions: { maxParamLength: 1024 },
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
  });

  const database =
    opts.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, ...opts.db }));
  // PGlite has one connection: queue whole requests instead of interleaving their queries
  const requestLimiter =
    database.kind === 'pglite' ? installRequestLimit(app, config.pgliteConcurrency) : null;
  app.decorate('requestLimiter', requestLimiter);
  if (opts.migrate !== false) await migrateDatabase(database);
  if (!opts.database) app.addHook('onClose', () => database.close());

  // embedded PGlite on disk: kept mail is also written to DATA_DIR/mail-outbox for the CLI
  const mailer = createMailer(config, database.db, app.log, {
    outboxFiles: !opts.database && database.kind === 'pglite' && !opts.db?.memory,
  });
  const hooks = new AppHooks();
  const jobs = new Jobs(database.db, app.log, {
    concurrency: config.jobs.concurrency,
    pollMs: config.jobs.pollMs,
    keepDays: config.jobs.keepDays,
    staleAfterMs: config.jobs.staleAfterSeconds * 1000,
    singleProcess: database.kind === 'pglite',
  });
  // stop the worker (if this process runs one) before the database closes
  app.addHook('preClose', async () => {
    await jobs.stopWorker();
  });
  // signed-in actors between requests, dropped on every change (platform/auth/session-cache.ts)
  const sessionCache = new SessionCache({
    ttlMs: database.kind === 'pglite' ? 10 * 60_000 : 60_000,
    maxEntries: 20_000,
  });
  // API list pages between requests, per team content version (platform/http/list-cache.ts)
  const listCache = new ListCache({ maxEntries: 2_000, maxBytes: 32 * 1024 * 1024 });
  const stopListening = await listenForAuthChanges(database, sessionCache, app.log, listCache);
  app.addHook('preClose', stopListening);
  const ctx = {
    config,
    database,
    db: database.db,
    sessionCache,
    listCache,
    mailer,
    mail: new MailQueue(jobs, mailer, app.log),
    jobs,
    hooks,
    shared: new SharedProps(),
    cascades: new Cascades(),
    openapi: new OpenApiRegistry(),
    features: new TeamFeatures(),
    modelCalls: defaultModelCalls(opts.model),
  } as AppContext;
  ctx.auth = createAuth(config, database.db, {
    sendVerificationEmail: (u, url) => ctx.accountMail.verification(u, url),
    sendResetPassword: (u, url) => ctx.accountMail.resetPassword(u, url),
    // called inside Better Auth's sign-up: its hooks write in the registration's transaction
    afterUserCreated: (u) =>
      hooks.run(hooks.userCreated, { ...u, db: joinedAuthTx() ?? database.db }),
    log: (level, message) => app.log[level](message),
  });
  app.decorate('ctx', ctx);
  ctx.routes = installRouteRegistry(app);

  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 256 * 1024 });
  const dev = opts.assets === 'dev';
  installSecurityHeaders(app, { dev, secure, externalRealtime: config.pusher.external });
  // limits are opt-in per route (config.rateLimit). PostgreSQL (possibly several web processes):
  // counters in the rate_limits table; PGlite (one process): in memory
  const rateLimitStore =
    opts.rateLimitStore ?? (database.kind === 'postgres' ? 'database' : 'memory');
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitStore === 'database' ? { store: databaseRateLimitStore(database.db) } : {}),
  });

  let assets: ClientAssets;
  if (opts.assets === 'dev') assets = devAssets();
  else if (opts.assets && typeof opts.assets === 'object') assets = opts.assets;
  else
    assets = loadBuiltAssets() ?? {
      version: 'unbuilt',
      dev: false,
      headTags: '<!-- client not built: run npm run build -->',
    };
  if (opts.assets !== 'dev' && existsSync(CLIENT_OUT_DIR)) {
    await app.register(fastifyStatic, {
      root: path.join(CLIENT_OUT_DIR, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      // the .br/.gz copies written at build time (src/build/precompress.ts), chosen by Accept-Encoding
      preCompressed: true,
      decorateReply: false,
    });
  }
  app.decorate('clientAssets', () => assets);
  registerRootFiles(app, opts.assets === 'dev' ? [PUBLIC_DIR] : [CLIENT_OUT_DIR, PUBLIC_DIR]);

  installFlash(app, config.appKey, secure);
  installCsrf(app, config.appKey, secure);
  await app.register(inertia, {
    assets: () => assets,
    appName: config.appName,
    shared: (request) => ({
      ...ctx.shared.for(request),
      // errors go with every page answer (partial reloads too); the flash is taken by the answer
      // that carries the `flash` prop (a page, or a reload asking for it)
      errors: () => request.flash?.errors ?? {},
      flash: () => {
        const flash = takeFlash(request);
        return {
          id: flash?.id ?? null,
          success: flash?.success ?? null,
          error: flash?.error ?? null,
          info: flash?.info ?? null,
          data: flash?.data ?? null,
        };
      },
    }),
    bootData: () => ({ routes: ctx.routes.clientTable(), appName: config.appName }),
  });

  // who is asking: a bearer token on /api, else the session cookie
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request, reply) => {
    const authz = request.headers.authorization;
    if (authz?.startsWith('Bearer ') && request.url.startsWith('/api/')) {
      request.actor = await actorFromToken(ctx.auth, ctx.db, authz.slice(7).trim(), sessionCache);
    } else {
      request.actor = await actorFromSession(ctx.auth, ctx.db, request, reply, sessionCache);
    }
  });
  installAccessControl(app);
  installFeatureGate(app, ctx.features, ctx.db);
  installErrorHandling(app);

  ctx.realtime = await createRealtime(app, ctx);
  await registerModules(app, ctx);
  return app;
}
