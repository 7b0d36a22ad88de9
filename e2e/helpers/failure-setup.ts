import { beforeEach } from 'vitest';
import { reportFailure, startRecording } from './flight-recorder.js';

// A failed journey writes what its browsers showed and did (helpers/flight-recorder.ts) to
// .test-data/journey-failures/, printed at the end of `npm test`.
beforeEach(({ task, onTestFailed }) => {
  startRecording();
  onTestFailed(() =>
    reportFailure(task.file.filepath, task.name, task.result?.errors?.[0]?.message ?? ''),
  );
});
