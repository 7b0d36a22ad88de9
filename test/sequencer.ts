import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { hasMark } from './marks.js';

/**
 * Starts the files marked `@runs-long` first, then the rest in Vitest's own order.
 *
 * Vitest orders files by the durations of its last run when it has them, and by size otherwise.
 * A clean clone (CI) has no durations, so a small file that runs for minutes (the bad-input fuzz,
 * the malformed headers) started last and left one of the two workers alone at the end: the
 * PGlite integration pass took 976 s of wall time for 1,514 s of files (757 s on two workers).
 */
export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const marks = new Map(sorted.map((f) => [f.moduleId, hasMark(f.moduleId, '@runs-long')]));
    // stable: within each group, and between projects, Vitest's order is kept
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => {
        if (a.spec.project.name !== b.spec.project.name) return a.i - b.i;
        return Number(marks.get(b.spec.moduleId)) - Number(marks.get(a.spec.moduleId)) || a.i - b.i;
      })
      .map(({ spec }) => spec);
  }
}
