import { parseArgs } from 'node:util';
import { DataDirLockedError } from '../platform/db/lock.js';
import { CliError, UsageError, type CliIo, type Command } from './command.js';
import { dbMigrate } from './commands/db-migrate.js';
import { dbSeed } from './commands/db-seed.js';
import { mailOutboxCommand } from './commands/mail-outbox.js';
import { tokenCreate } from './commands/token-create.js';
import { userCreate } from './commands/user-create.js';

/** Every command, in the order --help lists them. */
export const COMMANDS: Command[] = [userCreate, tokenCreate, dbMigrate, dbSeed, mailOutboxCommand];

const PROGRAM = 'npm run cli --';

function usageLine(c: Command) {
  return `${PROGRAM} ${c.name}${c.usage ? ` ${c.usage}` : ''}`;
}

export function generalHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'Pathways operator commands',
    '',
    `Usage: ${PROGRAM} <command> [options]     (or: npx pathways <command> [options])`,
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    `Run '${PROGRAM} <command> --help' for a command's options.`,
    'They read the same environment as the server (DATABASE_URL, DATA_DIR, ...; see README.md).',
    'With the embedded database, stop the server first: only one process may open DATA_DIR.',
  ].join('\n');
}

function commandHelp(c: Command): string {
  return [
    `${c.summary}.`,
    '',
    `Usage: ${usageLine(c)}`,
    ...(c.details?.length ? ['', ...c.details] : []),
  ].join('\n');
}

/** Run one CLI invocation; returns the process exit code (0 ok, 1 failed, 2 bad usage). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(generalHelp());
    return name ? 0 : 2;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`Unknown command '${name}'.\n\n${generalHelp()}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(commandHelp(command));
    return 0;
  }
  try {
    let values;
    try {
      ({ values } = parseArgs({
        args: rest,
        options: command.options,
        strict: true,
        allowPositionals: false,
      }));
    } catch (err) {
      throw new UsageError(
        (err as Error).message.replace(/\. To specify a positional argument.*$/s, '.'),
      );
    }
    const code = await command.run(values as Record<string, string | boolean | undefined>, io);
    return code ?? 0;
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${err.message}\n\nUsage: ${usageLine(command)}`);
      return err.exitCode;
    }
    if (err instanceof CliError || err instanceof DataDirLockedError) {
      io.err(err.message);
      return err instanceof CliError ? err.exitCode : 1;
    }
    io.err(`${command.name} failed: ${(err as Error)?.stack ?? String(err)}`);
    return 1;
  }
}
