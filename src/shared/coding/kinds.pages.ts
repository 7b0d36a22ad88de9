import type { CodingEngine } from './coding.js';
import type { FormProjectRef } from '../forms/forms.pages.js';
import type { RunView } from './coding.pages.js';
import type {
  ColumnKind,
  ColumnSummary,
  RubricDecision,
  RubricLevel,
  SentimentLabel,
} from './kinds.js';
import type { OrdinalAgreement } from './weighted-kappa.js';

/** One response's value in a sentiment or rubric column (results are data: insights can read them). */
export interface KindValue {
  responseId: string;
  seq: number;
  wave: string | null;
  sentiment: number | null;
  sentimentLabel: SentimentLabel | null;
  rubricLevel: number | null;
  rubric: RubricDecision | null;
  engine: string;
  engineVersion: string;
}
/** Counts per wave and category (sentiment labels, or rubric levels "1".."N"); none: unscored. */
export interface KindDistribution {
  categories: string[];
  rows: Array<{ wave: string; responses: number; counts: number[]; none: number }>;
}

export interface KindValueRow extends KindValue {
  answers: Array<{ question: string; text: string }>;
}

export interface IntelligentColumnKindProps {
  project: FormProjectRef;
  form: { id: string; name: string };
  column: {
    id: string;
    name: string;
    kind: Exclude<ColumnKind, 'codes'>;
    questions: Array<{ key: string; label: string }>;
    threshold: number;
    samplePercent: number;
    codebookVersion: number;
    rubricVersion: number;
    engine: CodingEngine;
  };
  /** the configured model's name, or null: only the offline engine can be chosen */
  model: string | null;
  run: (RunView & { rubricVersion: number | null }) | null;
  /** live responses now, and how many came after the latest finished run started */
  responses: number;
  newSinceRun: number;
  distribution: KindDistribution | null;
  values: KindValueRow[];
  summary: ColumnSummary | null;
  rubric: {
    levels: RubricLevel[];
    agreement: OrdinalAgreement;
    queue: {
      size: number;
      verified: number;
      next: {
        responseId: string;
        seq: number;
        answers: Array<{ question: string; label: string; text: string }>;
      } | null;
      /** the person's latest score with the machine's level, shown after the decision */
      last: {
        responseId: string;
        seq: number;
        human: number;
        /** null: the machine had not scored it */
        machine: number | null;
        quote: RubricDecision['quote'];
      } | null;
    };
    /** sampled answers not yet scored by a person: their machine levels are left out (blind) */
    hidden: number;
  } | null;
  can: { update: boolean };
}

export interface IntelligentColumnRubricProps {
  project: FormProjectRef;
  form: { id: string; name: string };
  column: { id: string; name: string; rubricVersion: number };
  levels: RubricLevel[];
  versions: Array<{ number: number; levels: number; createdAt: string }>;
  can: { update: boolean };
}
