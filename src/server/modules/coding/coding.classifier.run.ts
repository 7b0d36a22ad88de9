import type { AppliedCode } from '../../../shared/coding/coding.js';
import { codeAnswers, type CompiledCode } from './coding.engine.js';
import {
  FOLDS,
  classifierVersion,
  classify,
  docsOf,
  foldOf,
  train,
  trainingCounts,
  type Classifier,
  type Example,
} from './coding.classifier.js';
import { answerTexts } from './coding.queries.js';

/**
 * A classifier run's decisions. Codes with enough human codes are decided by the classifier, the
 * others by the rules (marked `by: 'rules'`; the version lists them). No leakage into agreement:
 * kappa compares the machine with the human codes, and those human codes are the training set, so
 * a human-coded answer is never decided by a model that saw it. The human-coded answers are split
 * in FOLDS folds (seeded by the column); each is decided by the model trained on the other folds
 * (cross-fitting), and its decision's version names that fold. Every other answer is decided by
 * the model trained on all human codes (the run's version).
 */
export function classifierDecisions(
  column: { id: string; questionKeys: string[] },
  codebookVersion: number,
  compiled: CompiledCode[],
  examples: Example[],
  responses: Array<{ id: string; answers: Record<string, unknown> }>,
) {
  const keys = compiled.map((c) => c.key);
  const fallbackOf = (ex: Example[]) =>
    trainingCounts(ex, keys)
      .filter((c) => !c.trained)
      .map((c) => c.code);
  const full = {
    classifier: train(examples, keys),
    version: classifierVersion({ examples, codebookVersion, fallback: fallbackOf(examples) }),
  };
  const foldOfResponse = new Map(
    examples.map((e) => [e.responseId, foldOf(column.id, e.responseId)]),
  );
  const folds = Array.from({ length: FOLDS }, (_, fold) => {
    const rest = examples.filter((e) => foldOfResponse.get(e.responseId) !== fold);
    return {
      classifier: train(rest, keys),
      version: classifierVersion({
        examples: rest,
        codebookVersion,
        fold,
        fallback: fallbackOf(rest),
      }),
    };
  });
  const decisions = responses.map((r) => {
    const fold = foldOfResponse.get(r.id);
    const { classifier, version } = fold === undefined ? full : folds[fold];
    const answers = answerTexts(r.answers, column.questionKeys);
    return {
      responseId: r.id,
      engineVersion: version,
      ...decide(classifier, compiled, answers),
    };
  });
  return { version: full.version, decisions };
}

function decide(
  classifier: Classifier,
  compiled: CompiledCode[],
  answers: Array<{ question: string; text: string }>,
): { codes: AppliedCode[]; sentiment: number | null } {
  const byRules = compiled.filter((c) => !classifier.models.has(c.key));
  const rules = codeAnswers(answers, byRules);
  const learned = answers.length ? classify(classifier, docsOf(answers)) : [];
  const order = new Map(compiled.map((c, i) => [c.key, i]));
  const codes = [...learned, ...rules.codes.map((c) => ({ ...c, by: 'rules' as const }))].sort(
    (a, b) => order.get(a.code)! - order.get(b.code)!,
  );
  return { codes, sentiment: rules.sentiment };
}
