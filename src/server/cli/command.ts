import type { FastifyInstance } from 'fastify';
import type { ParseArgsConfig } from 'node:util';
import { buildApp, type BuildOptions } from '../app.js';

/** Where a command writes, what environment it reads, and (tests) how to build the app. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  env: NodeJS.ProcessEnv;
  /** overrides for buildApp (tests pass an open database) */
  build?: Partial<BuildOptions>;
}

export type Options = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | undefined>;

export interface Command {
  name: string;
  summary: string;
  /** usage line after the command name, e.g. "--email <email> --password <password>" */
  usage: string;
  /** more lines for --help */
  details?: string[];
  options: Options;
  run(values: Values, io: CliIo): Promise<number | void>;
}

/** A failure the operator can act on: printed as is, exit code 1 (or given). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Wrong arguments: printed with the command's usage, exit code 2. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 2);
    this.name = 'UsageError';
  }
}

export function requireString(values: Values, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`--${name} is required.`);
  return v.trim();
}

/**
 * Build the whole app (modules, hooks, migrations) without listening, run fn, close.
 * Opening the embedded database takes its lock: a running server makes this refuse.
 */
export async function withApp<T>(
  io: CliIo,
  fn: (app: FastifyInstance) => Promise<T>,
  opts: Partial<BuildOptions> = {},
): Promise<T> {
  const app = await buildApp({
    env: io.env,
    logger: false,
    assets: { version: 'cli', dev: false, headTags: '' },
    ...opts,
    ...io.build,
  });
  try {
    await app.ready();
    return await fn(app);
  } finally {
    await app.close();
  }
}
