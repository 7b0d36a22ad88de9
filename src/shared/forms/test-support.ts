import type { QuestionDef } from './questions.js';

/** A question definition for tests: every field at its default, `over` on top. */
export const questionDef = (
  key: string,
  type: QuestionDef['type'],
  over: Partial<QuestionDef> = {},
): QuestionDef => ({
  key,
  type,
  label: key,
  hint: null,
  required: false,
  requiredMessage: null,
  defaultValue: null,
  choices: [],
  allowOther: false,
  scale: null,
  validation: {},
  ...over,
});
