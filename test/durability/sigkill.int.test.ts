/**
 * @first-pass-only: embedded PGlite on disk only, whatever the pass (test/marks.ts)
 * @runs-long: started first (test/sequencer.ts)
 * Durability of the embedded database: SIGKILL a process mid-traffic; every write it acknowledged
 * must be there after restart, and no transaction may be half-applied.
 *
 * PGlite on Node writes WAL with plain write() at each commit (it runs Postgres with fsync off and
 * its Node filesystem has no fsync), so committed data is in the OS page cache when the commit
 * returns: it survives the death of the process, which is what these tests check. (A power loss
 * can still lose recent commits: docs/operations.md. Use PostgreSQL where that matters.)
 */
import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { openDatabase } from '../../src/server/platform/db/client.js';
import { jobs } from '../../src/server/platform/jobs/jobs.tables.js';
import { mailOutbox } from '../../src/server/platform/mail/mail.tables.js';
import {
  onLines,
  PROCESS_TEST_TIMEOUT,
  runTs,
  startServerProcess,
  stopProcess,
} from '../helpers/server-process.js';
import { registerScenario, sigkillDuringWrites } from './acked-writes.js';
import { KEY, tempDirs } from './harness.js';

const tempDir = tempDirs();

// Every step waits on a condition (an ACK line, the process exiting, the server answering); the
// timeout only catches a hang, since on a loaded machine compiling and booting the app in three
// child processes can take minutes.
describe(
  'SIGKILL during writes (embedded PGlite on disk)',
  { timeout: PROCESS_TEST_TIMEOUT },
  () => {
    it('every transaction the app acknowledged survives, none is half-applied, and the server starts again', async () => {
      const dataDir = tempDir();
      const writer = runTs('test/durability/writer.ts', [], {
        ...KEY,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
      });
      const acked = new Map<number, string>();
      await new Promise<void>((resolve, reject) => {
        onLines(writer, (line) => {
          const m = /^ACK (\d+) (\S+)$/.exec(line);
          if (m) acked.set(Number(m[1]), m[2]);
          // kill in the middle of the stream, while the next transaction is running
          if (acked.size === 300 && !writer.child.killed) writer.child.kill('SIGKILL');
        });
        void writer.exited.then(({ signal }) =>
          signal === 'SIGKILL'
            ? resolve()
            : reject(new Error(`writer exited without being killed:\n${writer.output()}`)),
        );
      });
      expect(acked.size).toBeGreaterThanOrEqual(300);

      // restart the real server on the crashed data dir: it must recover and serve
      const server = await startServerProcess({
        ...KEY,
        DATA_DIR: dataDir,
        VACUUM_DELAY_SECONDS: '3600',
      });
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      expect((await stopProcess(server)).code).toBe(0);

      const database = await openDatabase({ dataDir });
      try {
        const ids = [...acked.values()];
        const foundJobs = await database.db
          .select({ id: jobs.id })
          .from(jobs)
          .where(inArray(jobs.id, ids));
        expect(foundJobs.length).toBe(ids.length);
        const foundMail = await database.db
          .select({ text: mailOutbox.text })
          .from(mailOutbox)
          .where(inArray(mailOutbox.text, ids));
        expect(foundMail.length).toBe(ids.length);
        // atomicity: every job of the stream has its outbox row and vice versa (acknowledged or not)
        const allJobs = await database.db
          .select({ id: jobs.id })
          .from(jobs)
          .where(eq(jobs.type, 'durability.write'));
        const allMail = await database.db.select({ text: mailOutbox.text }).from(mailOutbox);
        expect(new Set(allMail.map((m) => m.text))).toEqual(new Set(allJobs.map((j) => j.id)));
        expect(allJobs.length).toBeGreaterThanOrEqual(ids.length);
        expect(allJobs.length).toBeLessThanOrEqual(ids.length + 1);
      } finally {
        await database.close();
      }
    });

    it('over HTTP: every registration the server acknowledged before SIGKILL is there after restart', async (t) => {
      const dataDir = tempDir();
      const env = { ...KEY, DATA_DIR: dataDir, VACUUM_DELAY_SECONDS: '3600' };
      const server = await startServerProcess(env);
      try {
        if (!(await registerScenario.available(server.url))) {
          t.skip(`${registerScenario.name} is not on this build (the accounts module adds it)`);
          return;
        }
        // kill after a few acknowledged registrations, with the other lanes' writes in flight
        // (if sign-up rate limits refuse the stream earlier, kill once it ran out)
        const result = await sigkillDuringWrites(server, registerScenario, {
          concurrency: 3,
          max: 60,
          killAfter: 5,
        });
        expect(result.signal).toBe('SIGKILL');
        expect(
          result.acked.length,
          `no registration was acknowledged (${result.refused} refused)`,
        ).toBeGreaterThan(0);

        const again = await startServerProcess(env);
        expect((await fetch(`${again.url}/`)).status).toBe(200);
        expect((await stopProcess(again)).code).toBe(0);
        const database = await openDatabase({ dataDir });
        try {
          expect((await registerScenario.present(database.db, result.acked)).sort()).toEqual(
            [...result.acked].sort(),
          );
        } finally {
          await database.close();
        }
      } finally {
        await stopProcess(server); // nothing to do once it was killed
      }
    });
  },
);
