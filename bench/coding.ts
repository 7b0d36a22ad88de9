/**
 * Coding rows of `npm run bench`: the offline rules engine's agreement with the human codes of the
 * labelled school-barriers set (test/fixtures/coding, 200+ answers, a few in Spanish and French):
 * Cohen's kappa and the 2x2 table per code, beside a baseline measured in the same run (a
 * keyword-only matcher: the same include words as substrings of the lower-cased text, no lemmas,
 * no negation, no exclude rules), the classifier trained on the set's own human codes measured by
 * 5-fold cross-validation (each answer coded by the model trained on the other folds: the
 * engine's own cross-fitting, coding.classifier.run.ts), and the engine's throughput.
 * Standalone: `npx tsx bench/coding.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { codeAnswers, compileCodebook } from '../src/server/modules/coding/coding.engine.js';
import { docsOf, featuresOf } from '../src/server/modules/coding/coding.classifier.js';
import { classifierDecisions } from '../src/server/modules/coding/coding.classifier.run.js';
import { cohensKappa, confusionOf } from '../src/shared/coding/kappa.js';
import { SCHOOL_BARRIERS } from '../test/fixtures/coding/school-barriers.data.js';
import { SCHOOL_BARRIERS_CODEBOOK } from '../test/fixtures/coding/school-barriers.codebook.js';

const fmt = (k: number | null) => (k === null ? 'n/a' : k.toFixed(2));

export function codingBench(): string[] {
  const compiled = compileCodebook(SCHOOL_BARRIERS_CODEBOOK);
  const t0 = performance.now();
  const machine = SCHOOL_BARRIERS.map(
    (a) =>
      new Set(codeAnswers([{ question: 'q', text: a.text }], compiled).codes.map((c) => c.code)),
  );
  const ms = performance.now() - t0;
  const naive = SCHOOL_BARRIERS.map(
    (a) =>
      new Set(
        SCHOOL_BARRIERS_CODEBOOK.filter((c) =>
          c.include.some((w) => a.text.toLowerCase().includes(w.toLowerCase())),
        ).map((c) => c.key),
      ),
  );
  const keys = SCHOOL_BARRIERS_CODEBOOK.map((c) => c.key);
  const examples = SCHOOL_BARRIERS.map((a, i) => ({
    responseId: `a${i}`,
    features: featuresOf(docsOf([{ question: 'q', text: a.text }])),
    codes: a.codes,
    known: keys,
  }));
  const cv = classifierDecisions(
    { id: 'bench', questionKeys: ['q'] },
    1,
    compiled,
    examples,
    SCHOOL_BARRIERS.map((a, i) => ({ id: `a${i}`, answers: { q: a.text } })),
  ).decisions.map((d) => new Set(d.codes.map((c) => c.code)));
  const lines = [
    `coding (offline rules engine vs human codes, ${SCHOOL_BARRIERS.length} answers; baseline: substring keywords; classifier: 5-fold cross-validated)`,
    '  code             kappa  baseline  classifier  both  machine-only  human-only  neither',
  ];
  for (const code of SCHOOL_BARRIERS_CODEBOOK) {
    const table = confusionOf(
      SCHOOL_BARRIERS.map((a, i) => ({
        machine: machine[i].has(code.key),
        human: a.codes.includes(code.key),
      })),
    );
    const base = confusionOf(
      SCHOOL_BARRIERS.map((a, i) => ({
        machine: naive[i].has(code.key),
        human: a.codes.includes(code.key),
      })),
    );
    const learned = confusionOf(
      SCHOOL_BARRIERS.map((a, i) => ({
        machine: cv[i].has(code.key),
        human: a.codes.includes(code.key),
      })),
    );
    lines.push(
      `  ${code.key.padEnd(16)} ${fmt(cohensKappa(table)).padStart(5)}  ${fmt(cohensKappa(base)).padStart(8)}  ${fmt(cohensKappa(learned)).padStart(10)}  ${String(table.both).padStart(4)}  ${String(table.machineOnly).padStart(12)}  ${String(table.humanOnly).padStart(10)}  ${String(table.neither).padStart(7)}`,
    );
  }
  lines.push(
    `  engine throughput: ${Math.round((SCHOOL_BARRIERS.length / ms) * 1000)} answers/s (${ms.toFixed(0)} ms for the set, model loaded)`,
  );
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  console.log(codingBench().join('\n'));
