import type { FastifyRequest } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Auth } from './auth/auth.js';
import type { Mailer } from './mail/mailer.js';
import type { MailQueue } from './mail/mail-queue.js';
import type { RouteRegistry } from './routes/registry.js';
import type { Publisher } from './realtime/publisher.js';
import type { OpenApiRegistry } from './openapi/registry.js';
import type { Jobs } from './jobs/index.js';
import type { Cascades } from './use-case/cascades.js';
import type { TeamFeatures } from './features/index.js';
import type { SessionCache } from './auth/session-cache.js';
import type { ListCache } from './http/list-cache.js';
import type { PropsInput } from './inertia/props.js';
import type { ModuleSharedProps } from '../../shared/shared-props.js';
import type { ModelCallOptions } from './model/model-client.js';

type SharedResolver = (request: FastifyRequest) => unknown;

/** Props every Inertia page receives; modules add theirs (resolved lazily, per request), typed in `src/shared/shared-props.ts`. */
export class SharedProps {
  private resolvers = new Map<string, SharedResolver>();
  add<K extends keyof ModuleSharedProps>(
    name: K,
    resolver: (request: FastifyRequest) => ModuleSharedProps[K] | Promise<ModuleSharedProps[K]>,
  ) {
    this.resolvers.set(name, resolver);
  }
  for(request: FastifyRequest): PropsInput<ModuleSharedProps> {
    const out: Record<string, unknown> = {};
    for (const [name, fn] of this.resolvers) out[name] = () => fn(request);
    return out as PropsInput<ModuleSharedProps>;
  }
}

type UserInfo = { id: string; email: string; name: string };
/** A user being deleted, and the account deletion's transaction: a hook's writes go on `db`. */
type DeletingUser = UserInfo & { db: Db };
/** A user just created, and the registration's transaction: a hook's writes go on `db`. */
type CreatedUser = UserInfo & { db: Db };

/** Cross-module hooks (the platform calls them; modules subscribe). */
export class AppHooks {
  /** run inside the registration's transaction (or on ctx.db outside one): write on `user.db` */
  readonly userCreated: Array<(user: CreatedUser) => Promise<void>> = [];
  /** run inside the account deletion's use case: write on `user.db`, its transaction */
  readonly userDeleting: Array<(user: DeletingUser) => Promise<void>> = [];
  async run<T>(list: Array<(arg: T) => Promise<void>>, arg: T) {
    for (const fn of list) await fn(arg);
  }
}

/** Everything a module needs, created once in buildApp and decorated as app.ctx. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  /** signed-in actors kept between requests; `invalidateUser(id)` / `invalidateTeam(id)` drop them (database triggers do it on every change) */
  sessionCache: SessionCache;
  /** API list pages kept between requests, per team, dropped when the team's content changes (http/list-cache.ts) */
  listCache: ListCache;
  /** delivers now (SMTP or the local outbox): used by the `mail.send` job, not by writes */
  mailer: Mailer;
  /** queue a mail: `ctx.mail.enqueue(template, data, { tx })` (modules register templates) */
  mail: MailQueue;
  routes: RouteRegistry;
  shared: SharedProps;
  hooks: AppHooks;
  realtime: Publisher;
  /** the /api operations, documented at /api/v1/openapi.json (register with platform/openapi/api-route.ts) */
  openapi: OpenApiRegistry;
  /** background jobs: ctx.jobs.register(type, handler), enqueue(ctx, type, payload) */
  jobs: Jobs;
  /** per-team capability switches (route option `feature`, or `ctx.features.require(db, teamId, f)`) */
  features: TeamFeatures;
  /** how calls to the configured model retry and wait (platform/model; tests inject the sleeper) */
  modelCalls: ModelCallOptions;
  /** what else goes when a record goes (modules subscribe; use cases announce removals) */
  cascades: Cascades;
  /** account mail the auth library asks for, queued as `mail.send` jobs (set by the accounts module) */
  accountMail: {
    verification(user: UserInfo, url: string): Promise<void>;
    resetPassword(user: UserInfo, url: string): Promise<void>;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
