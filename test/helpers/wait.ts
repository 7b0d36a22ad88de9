/**
 * Tests wait on conditions, never on wall-clock margins: a loaded CI machine (2 cores, eight
 * people's test runs) can be many times slower than a quiet one. The limits below only tell a
 * hang from a slow machine, so they are far above anything a passing test comes near.
 */

/** one wait on a condition (a row appears, a message arrives, a log line is printed) */
export const WAIT_GUARD_MS = 2 * 60_000;
/** a child process starting (compiling and booting the app through tsx) or stopping */
export const PROCESS_GUARD_MS = 5 * 60_000;
/** a test that starts child processes: several starts and stops in a row */
export const PROCESS_TEST_TIMEOUT = 3 * PROCESS_GUARD_MS;

/** Poll until check() is true; fails after `guardMs` (a hang), with `what` in the message. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what = 'the condition',
  guardMs = WAIT_GUARD_MS,
): Promise<void> {
  const end = Date.now() + guardMs;
  while (!(await check())) {
    if (Date.now() > end)
      throw new Error(
        `${what} was not reached in ${guardMs / 1000} s: the code under test looks hung`,
      );
    await new Promise((r) => setTimeout(r, 20));
  }
}
