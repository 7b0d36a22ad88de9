/** `npm run cli -- <command>`: operator commands (see run.ts for the list, or --help). */
import { runCli } from './run.js';

const code = await runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
});
process.exit(code);
