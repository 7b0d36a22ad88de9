import type { FormProjectRef } from '../forms/forms.pages.js';
import type { AppliedCode, CodeDef, CodingEngine } from './coding.js';
import type { Confusion } from './kappa.js';
import type { ThemesSection } from './themes.pages.js';
import type { ColumnKind } from './kinds.js';

interface ColumnFormRef {
  id: string;
  name: string;
}
export interface RunView {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  processed: number;
  total: number;
  engine: string;
  engineVersion: string;
  codebookVersion: number;
  error: string | null;
  /** a model run: what it said that was refused (not applied) */
  refusals: RunRefusal[];
  createdAt: string;
  finishedAt: string | null;
}

/** Something a model said that was refused: a code without a verbatim quote, a reply not JSON... */
export interface RunRefusal {
  /** the response it was about; null when a whole batch's reply was refused */
  responseId: string | null;
  seq: number | null;
  /** the code the model gave (null: the whole reply or sentence) */
  code: string | null;
  quote: string | null;
  reason: string;
  /** set on a summary's refusals made while merging batches' statements */
  merge?: true;
}

export interface IntelligentColumnsProps {
  project: FormProjectRef;
  form: ColumnFormRef;
  columns: Array<{
    id: string;
    name: string;
    kind: ColumnKind;
    rubricVersion: number;
    questions: string[];
    codebookVersion: number;
    codes: number;
    lastRun: { status: RunView['status']; finishedAt: string | null } | null;
  }>;
  textQuestions: Array<{ key: string; label: string }>;
  can: { create: boolean };
}

export interface CodeAgreement {
  code: string;
  label: string;
  confusion: Confusion;
  kappa: number | null;
  /** verified responses the kappa is computed on */
  verified: number;
  /** applied: counted in the results; suggested: kappa below the threshold or not measurable yet */
  status: 'applied' | 'suggested';
}
export interface CodeCounts {
  code: string;
  label: string;
  status: 'applied' | 'suggested';
  /** count and percent: 0 unless the code is applied; suggested: its applications while it is not */
  byWave: Array<{ wave: string; count: number; percent: number; suggested: number }>;
}
interface DiffQuote {
  responseId: string;
  seq: number;
  text: string;
}
export interface RunDiff {
  previousCodebookVersion: number;
  codebookVersion: number;
  codes: Array<{
    code: string;
    label: string;
    gainedCount: number;
    lostCount: number;
    /** the first 20 of each */
    gained: DiffQuote[];
    lost: DiffQuote[];
  }>;
  /** (on the page) quotes left out: sampled answers no person has coded yet stay blind */
  hidden?: number;
}
export interface CodedAnswer {
  responseId: string;
  seq: number;
  wave: string | null;
  answers: Array<{ question: string; text: string }>;
  codes: Array<AppliedCode & { label: string; status: 'applied' | 'suggested' }>;
  sentiment: number | null;
}
interface VerifyItem {
  responseId: string;
  seq: number;
  answers: Array<{ question: string; label: string; text: string }>;
}

export interface IntelligentColumnProps {
  project: FormProjectRef;
  form: ColumnFormRef;
  column: {
    id: string;
    name: string;
    questions: Array<{ key: string; label: string }>;
    threshold: number;
    samplePercent: number;
    codebookVersion: number;
    engine: CodingEngine;
  };
  /** the configured model's name, or null: only the offline engine can be chosen */
  model: string | null;
  codes: CodeDef[];
  run: RunView | null;
  agreement: CodeAgreement[];
  results: { waves: Array<{ wave: string; responses: number }>; codes: CodeCounts[] };
  diff: RunDiff | null;
  queue: { size: number; verified: number; next: VerifyItem | null };
  coded: CodedAnswer[];
  /** theme discovery (inductive): the latest runs and their themes */
  themes: ThemesSection;
  /** the classifier's training on the team's human codes, per code of the current codebook */
  training: ClassifierTraining;
  can: { update: boolean };
}

export interface ClassifierTraining {
  /** human-coded answers (verifications of live responses) */
  examples: number;
  /** coded answers needed with the code, and without it, to train it */
  min: number;
  /** the verification sample's size: the most answers people can code (the training set's bound) */
  sample: number;
  codes: Array<{
    code: string;
    label: string;
    positives: number;
    negatives: number;
    trained: boolean;
  }>;
}

export interface DeductiveInputsProps {
  project: FormProjectRef;
  form: ColumnFormRef;
  column: { id: string; name: string; codebookVersion: number };
  codes: CodeDef[];
  versions: Array<{ number: number; codes: number; createdAt: string }>;
  can: { update: boolean };
}
