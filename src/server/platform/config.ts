import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RESPONSE_EXPORT_JOB_THRESHOLD } from '../../shared/forms/responses-export.js';

/** Every setting the app reads from the environment. Documented in README.md. */
export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  appUrl: string;
  appName: string;
  appKey: string;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: string;
  trustProxy: boolean;
  /** requests per minute per API token (or per IP without one) on /api/v1 */
  apiRateLimitPerMinute: number;
  mail: {
    host: string | undefined;
    port: number;
    secure: boolean;
    user: string | undefined;
    password: string | undefined;
    from: string;
  };
  pusher: {
    appId: string;
    key: string;
    secret: string;
    cluster: string;
    host: string | undefined;
    port: number | undefined;
    scheme: 'http' | 'https';
    /** true when PUSHER_HOST or PUSHER_CLUSTER points at an external Pusher-compatible service */
    external: boolean;
    /** embedded endpoint: relay `client-*` events on private/presence channels (PUSHER_CLIENT_EVENTS, default off) */
    clientEvents: boolean;
  };
  /** exports of more matching responses than this run as a background job (RESPONSE_EXPORT_JOB_THRESHOLD) */
  responseExportJobThreshold: number;
  /** run the jobs worker inside the web process */
  inProcessWorker: boolean;
  /** PGlite mode: requests admitted at once (the rest queue FIFO); 0 = no limit (default: `npm run bench` compares both). Ignored on PostgreSQL. */
  pgliteConcurrency: number;
  jobs: {
    /** jobs one worker process runs at the same time */
    concurrency: number;
    /** how often an idle worker looks for due jobs */
    pollMs: number;
    /** finished jobs are deleted after this many days (0 keeps them) */
    keepDays: number;
    /** a running job whose worker sent no heartbeat for this long is put back in the queue */
    staleAfterSeconds: number;
  };
  /** database sources and other outbound connections users configure */
  sources: {
    /** key material for the secrets users give (PATHWAYS_SECRET_KEY, else derived from APP_KEY) */
    secretKey: string;
    /** PATHWAYS_SOURCES_ALLOW_PRIVATE: private network ranges are reachable */
    allowPrivate: boolean;
    /** PATHWAYS_SOURCES_ALLOW: addresses or CIDR ranges reachable whatever their class (not metadata) */
    allow: string[];
  };
  maintenance: {
    /** embedded database: VACUUM (ANALYZE) every this many hours (0 turns it off) */
    vacuumIntervalHours: number;
    /** and once this many seconds after start */
    vacuumDelaySeconds: number;
  };
  /**
   * An OpenAI-compatible model service (AI_BASE_URL, e.g. https://api.openai.com/v1, with
   * AI_API_KEY and AI_MODEL): null while any of the three is missing (the offline engines run).
   * The operator sets it, so it is not SSRF-checked (a local Ollama or vLLM is a normal choice).
   * `summaryMergeFanIn` (AI_SUMMARY_MERGE_FAN_IN, default 8, at least 2): at most this many
   * parts' statements per summary merge request (lower it for a model with a small context).
   */
  ai: { baseUrl: string; apiKey: string; model: string; summaryMergeFanIn?: number } | null;
}

/** requests per minute per API token by default */
const API_RATE_LIMIT_DEFAULT = 120;

function num(name: string, v: string | undefined, d: number, min = 0): number {
  if (v === undefined || v === '') return d;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min)
    throw new Error(`${name} must be a number >= ${min} (got '${v}').`);
  return n;
}

function bool(v: string | undefined, d: boolean) {
  if (v === undefined || v === '') return d;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

/** APP_KEY from env, else one generated once and kept in the data dir (embedded mode). */
function resolveAppKey(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.APP_KEY) return env.APP_KEY;
  const file = path.join(dataDir, 'app-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const nodeEnv = (
    env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development'
  ) as Config['env'];
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const pusherHost = env.PUSHER_HOST || undefined;
  const pusherCluster = env.PUSHER_CLUSTER || undefined;
  const cfg: Config = {
    env: nodeEnv,
    port,
    host: env.HOST ?? '0.0.0.0',
    appUrl,
    appName: env.APP_NAME ?? 'Pathways',
    appKey: overrides.appKey ?? resolveAppKey(env, dataDir),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: bool(env.TRUST_PROXY, false),
    apiRateLimitPerMinute: num('API_RATE_LIMIT', env.API_RATE_LIMIT, API_RATE_LIMIT_DEFAULT, 1),
    mail: {
      host: env.MAIL_HOST || undefined,
      port: Number(env.MAIL_PORT ?? 587),
      secure: bool(env.MAIL_SECURE, false),
      user: env.MAIL_USERNAME || undefined,
      password: env.MAIL_PASSWORD || undefined,
      from: env.MAIL_FROM ?? 'Pathways <no-reply@pathways.local>',
    },
    pusher: {
      appId: env.PUSHER_APP_ID ?? 'pathways',
      key: env.PUSHER_APP_KEY ?? 'pathways-key',
      secret: env.PUSHER_APP_SECRET ?? '',
      cluster: pusherCluster ?? 'ap2',
      host: pusherHost,
      port: env.PUSHER_PORT ? Number(env.PUSHER_PORT) : undefined,
      scheme: env.PUSHER_SCHEME === 'http' ? 'http' : 'https',
      external: Boolean(pusherHost || pusherCluster),
      clientEvents: bool(env.PUSHER_CLIENT_EVENTS, false),
    },
    responseExportJobThreshold: Math.floor(
      num(
        'RESPONSE_EXPORT_JOB_THRESHOLD',
        env.RESPONSE_EXPORT_JOB_THRESHOLD,
        RESPONSE_EXPORT_JOB_THRESHOLD,
      ),
    ),
    inProcessWorker: bool(env.IN_PROCESS_WORKER, true),
    pgliteConcurrency: num('PGLITE_CONCURRENCY', env.PGLITE_CONCURRENCY, 0),
    jobs: {
      concurrency: Math.floor(num('WORKER_CONCURRENCY', env.WORKER_CONCURRENCY, 1, 1)),
      pollMs: num('WORKER_POLL_MS', env.WORKER_POLL_MS, 1000, 10),
      keepDays: num('JOBS_KEEP_DAYS', env.JOBS_KEEP_DAYS, 14),
      staleAfterSeconds: num('JOBS_STALE_AFTER_SECONDS', env.JOBS_STALE_AFTER_SECONDS, 900, 1),
    },
    sources: {
      secretKey: env.PATHWAYS_SECRET_KEY ?? '',
      allowPrivate: bool(env.PATHWAYS_SOURCES_ALLOW_PRIVATE, false),
      allow: (env.PATHWAYS_SOURCES_ALLOW ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    },
    ai:
      env.AI_BASE_URL && env.AI_API_KEY && env.AI_MODEL
        ? {
            baseUrl: env.AI_BASE_URL.replace(/\/+$/, ''),
            apiKey: env.AI_API_KEY,
            model: env.AI_MODEL,
            ...(env.AI_SUMMARY_MERGE_FAN_IN
              ? {
                  summaryMergeFanIn: num(
                    'AI_SUMMARY_MERGE_FAN_IN',
                    env.AI_SUMMARY_MERGE_FAN_IN,
                    8,
                    2,
                  ),
                }
              : {}),
          }
        : null,
    maintenance: {
      vacuumIntervalHours: num('VACUUM_INTERVAL_HOURS', env.VACUUM_INTERVAL_HOURS, 6),
      vacuumDelaySeconds: num('VACUUM_DELAY_SECONDS', env.VACUUM_DELAY_SECONDS, 60),
    },
  };
  const merged = { ...cfg, ...overrides };
  // the embedded endpoint's signing secret is derived from APP_KEY unless given
  if (!merged.pusher.secret)
    merged.pusher = {
      ...merged.pusher,
      secret: createHmac('sha256', merged.appKey).update('pusher').digest('hex'),
    };
  // the source secrets' key is derived from APP_KEY unless PATHWAYS_SECRET_KEY gives one
  if (!merged.sources.secretKey)
    merged.sources = {
      ...merged.sources,
      secretKey: createHmac('sha256', merged.appKey).update('source-secrets').digest('hex'),
    };
  return merged;
}
