/** Database sources: the choices a connection and an import offer (zod-free, for the client) */
export const DATABASE_ENGINES = ['postgres', 'mysql'] as const;
export type DatabaseEngine = (typeof DATABASE_ENGINES)[number];
export const ENGINE_LABELS: Record<DatabaseEngine, string> = {
  postgres: 'PostgreSQL',
  mysql: 'MySQL / MariaDB',
};
export const DEFAULT_PORTS: Record<DatabaseEngine, number> = { postgres: 5432, mysql: 3306 };

/** disable: plain; require: encrypted, certificate not checked; verify: encrypted and checked */
export const TLS_MODES = ['disable', 'require', 'verify'] as const;
export type TlsMode = (typeof TLS_MODES)[number];
export const TLS_LABELS: Record<TlsMode, string> = {
  disable: 'No TLS',
  require: 'TLS (certificate not checked)',
  verify: 'TLS with a verified certificate',
};

export type ConnectionStatus = 'untested' | 'ready' | 'failed';

export const IMPORT_SCHEDULES = ['none', 'hourly', 'daily'] as const;
export type ImportSchedule = (typeof IMPORT_SCHEDULES)[number];
export const SCHEDULE_LABELS: Record<ImportSchedule, string> = {
  none: 'Only now',
  hourly: 'Now, then every hour',
  daily: 'Now, then every day',
};
export const SCHEDULE_MS: Record<Exclude<ImportSchedule, 'none'>, number> = {
  hourly: 3_600_000,
  daily: 86_400_000,
};

/** Rows shown in a table or query preview */
export const PREVIEW_ROWS = 20;
/** A SELECT's longest text */
export const QUERY_MAX = 20_000;
