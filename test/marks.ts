import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Marks a test file carries in its first lines (its header comment), read by the Vitest configs:
 * - `@runs-long`: among the suite's longest; started first (test/sequencer.ts).
 * - `@postgres-pass`: a journey whose server paths differ by driver; the only journeys run again
 *   on the PostgreSQL pass (vitest.e2e.config.ts).
 * - `@first-pass-only`: an integration file that does the same work on both CI passes (it runs its
 *   embedded and its PostgreSQL-server variants whatever TEST_DATABASE_URL says, the server from
 *   PG_SERVER_URL on the first pass); the PostgreSQL pass leaves it out (vitest.config.ts).
 */
export type TestMark = '@runs-long' | '@postgres-pass' | '@first-pass-only';

const HEAD_LINES = 6;

export function hasMark(file: string, mark: TestMark): boolean {
  try {
    return readFileSync(file, 'utf8').split('\n', HEAD_LINES).join('\n').includes(mark);
  } catch {
    return false;
  }
}

/** The files under `dirs` (relative to the project root) whose name ends with `suffix` and carry `mark`. */
export function filesMarked(dirs: string[], suffix: string, mark: TestMark): string[] {
  return dirs
    .flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith(suffix))
        .map((f) => path.join(dir, f)),
    )
    .filter((f) => hasMark(f, mark))
    .sort();
}
