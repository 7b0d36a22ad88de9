import { z } from 'zod';
import type { QuoteSpan } from './coding.js';

/**
 * Intelligent column kinds beyond deductive coding (issue 12 section 3): `codes` (a codebook, the
 * default), `sentiment` (lexicon, indicative), `rubric` (a level 1..N against a written rubric) and
 * `summary` (quoted statements: the most central sentences offline, or the model's, each citing its quotes).
 */
export const COLUMN_KINDS = ['codes', 'sentiment', 'rubric', 'summary'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];
export const KIND_LABELS: Record<ColumnKind, string> = {
  codes: 'Deductive codes (codebook)',
  sentiment: 'Sentiment (indicative)',
  rubric: 'Rubric score',
  summary: 'Summary (quoted)',
};

/** Sentiment labels from wink's lexicon score: within +-0.05 of 0 is neutral. */
export const SENTIMENT_LABELS = ['negative', 'neutral', 'positive'] as const;
export type SentimentLabel = (typeof SENTIMENT_LABELS)[number];
const NEUTRAL_BAND = 0.05;
export const sentimentLabel = (score: number): SentimentLabel =>
  score > NEUTRAL_BAND ? 'positive' : score < -NEUTRAL_BAND ? 'negative' : 'neutral';

export interface RubricLevel {
  /** 1..N, in order */
  level: number;
  descriptor: string;
  examples: string[];
}

/** The machine's rubric score of one response. */
export interface RubricDecision {
  level: number;
  /** cosine similarity (0..1) of the answer to the chosen level */
  similarity: number;
  /** descriptor: TF-IDF against the descriptors and examples; centroid: nearest centroid trained on human scores */
  method: 'descriptor' | 'centroid';
  /** the sentence most similar to the chosen level (null when no sentence shares a word with it) */
  quote: QuoteSpan | null;
  rubricVersion: number;
}

/** Words quoted verbatim from one answer, with the response they come from. */
export interface SummaryQuote extends QuoteSpan {
  responseId: string;
  seq: number;
}
/** One extractive summary sentence, verbatim from one answer. */
export interface SummarySentence extends SummaryQuote {
  /** TextRank centrality, for ordering */
  score: number;
}
/** A statement of the model's summary, kept only when every quote it cites is verbatim. */
export interface SummaryStatement {
  text: string;
  quotes: SummaryQuote[];
}
/**
 * How the model's statements of several batches (or waves) became one summary: merged by one more request,
 * or (the merge failed or was refused) listed one batch after another, with why.
 */
export interface SummaryMerge {
  /** how many parts' statements went in (more than one): batches of answers, or waves */
  parts: number;
  of: 'batches' | 'waves';
  merged: boolean;
  /** rounds of merge requests when there were too many parts for one (absent: one request) */
  rounds?: number;
  /** why they are listed, not merged */
  reason?: string;
}
export interface ColumnSummary {
  /** who made it: the offline TextRank (absent on runs before the model could) or the model */
  engine?: 'textrank' | 'model';
  /** the model's name when the model made it */
  model?: string;
  sentences: number;
  /** TextRank's central sentences (empty when the model made the summary) */
  overall: SummarySentence[];
  /**
   * One part per wave when the form has waves: TextRank's sentences, or the model's statements
   * of the wave's answers (absent on model runs before per-wave parts)
   */
  byWave: Array<{
    wave: string;
    responses: number;
    sentences: SummarySentence[];
    statements?: SummaryStatement[];
    merge?: SummaryMerge;
  }>;
  /** the model's statements, each citing its quotes */
  statements?: SummaryStatement[];
  /** set when the model's statements came from several batches */
  merge?: SummaryMerge;
}

export const DEFAULT_RUBRIC_LEVELS = 5;
const MAX_LEVELS = 10;

export const rubricSchema = z.object({
  levels: z
    .array(
      z.object({
        descriptor: z
          .string()
          .trim()
          .min(1, 'Describe what an answer at this level says.')
          .max(2000),
        examples: z.array(z.string().trim().min(1).max(1000)).max(20).default([]),
      }),
    )
    .min(2, 'A rubric has at least 2 levels.')
    .max(MAX_LEVELS, `At most ${MAX_LEVELS} levels.`),
});
export type RubricInput = z.infer<typeof rubricSchema>;

/** A person's score of a sampled response: the machine's level accepted, or another one. */
export const rubricVerificationSchema = z.object({
  responseId: z.uuid({ error: 'Choose a response.' }),
  level: z.coerce
    .number({ error: 'Choose a level.' })
    .int('Choose a level.')
    .min(1, 'Choose a level.')
    .max(MAX_LEVELS, 'Choose a level.'),
});
export type RubricVerificationInput = z.infer<typeof rubricVerificationSchema>;
