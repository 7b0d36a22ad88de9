import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { RunnerTestSuite } from 'vitest';
import { reportFailure, startRecording } from './flight-recorder.js';

// A failed journey writes what its browsers showed and did (helpers/flight-recorder.ts) to
// .test-data/journey-failures/, printed at the end of `npm test`.

// the file's own beforeAll hooks (a server, a browser, a sign-up) are recorded too: these hooks
// are the file's first, so recording starts before them
beforeAll(() => startRecording());

beforeEach(({ task, onTestFailed }) => {
  startRecording();
  onTestFailed(() =>
    reportFailure(task.file.filepath, task.name, task.result?.errors?.[0]?.message ?? ''),
  );
});

/** The first suite (the file or a describe) whose hooks failed, and where. */
function failedHooks(suite: RunnerTestSuite): { where: string; message: string } | null {
  const error = suite.result?.errors?.[0];
  if (error)
    return { where: `${suite.name} (a beforeAll/afterAll hook)`, message: error.message ?? '' };
  for (const task of suite.tasks)
    if (task.type === 'suite') {
      const found = failedHooks(task);
      if (found) return found;
    }
  return null;
}

// runs after the file's own afterAll hooks (hooks run in reverse order): a browser the journey
// closed there has left its events, not its pages
// (Vitest wants the context as a destructuring pattern, even an empty one)
// eslint-disable-next-line no-empty-pattern
afterAll(async ({}, file) => {
  const failed = failedHooks(file as RunnerTestSuite);
  if (failed) await reportFailure(file.file.filepath, failed.where, failed.message);
});
