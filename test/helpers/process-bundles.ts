import path from 'node:path';
import { bundleServerCode } from '../../bin/bundle.js';

/**
 * The process-level tests' own child processes (the server, the durability writer and importer),
 * bundled by esbuild once per run (test/global-setup.ts) exactly as `npm start`'s server bundle is
 * (bin/bundle.js): a child then starts from plain JavaScript, without tsx transpiling every module
 * at run time (measured: 3.3 s to a first answer from the bundle, 5.7 s through tsx). The CLI and
 * `npm run worker` still start through tsx in the tests, as their npm scripts do.
 */
export const PROCESS_ENTRIES: Record<string, string> = {
  serve: 'test/fixtures/serve.ts',
  writer: 'test/durability/writer.ts',
  importer: 'test/durability/importer.ts',
};

export const PROCESS_BUNDLE_DIR = path.resolve(import.meta.dirname, '../../.test-data/processes');

/**
 * Build every entry of PROCESS_ENTRIES into PROCESS_BUNDLE_DIR as `<name>.mjs` (about 1 s). Chunks
 * are named by their content, so a run still using an earlier build keeps finding its own.
 */
export async function buildProcessBundles() {
  await bundleServerCode(PROCESS_ENTRIES, PROCESS_BUNDLE_DIR);
}

/** The bundle of a bundled entry point (a path under the root), or undefined for any other. */
export function processBundle(entry: string): string | undefined {
  const name = Object.keys(PROCESS_ENTRIES).find((k) => PROCESS_ENTRIES[k] === entry);
  return name ? path.join(PROCESS_BUNDLE_DIR, `${name}.mjs`) : undefined;
}
