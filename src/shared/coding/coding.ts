import { z } from 'zod';
import { COLUMN_KINDS } from './kinds.js';

/** Intelligent columns: codebooks, machine decisions, human verification (issue 12 section 3). */
export const DEFAULT_THRESHOLD = 0.6;
export const DEFAULT_SAMPLE_PERCENT = 20;
const MAX_CODES = 40;
const MAX_RULES = 50;

/**
 * who codes a deductive column: the offline rules, the configured model, or the classifier trained
 * on the team's own human codes (codes with too few of them: the rules)
 */
const CODING_ENGINES = ['rules', 'model', 'classifier'] as const;
/** the classifier trains a code on at least this many human-coded answers with it, and without */
export const CLASSIFIER_MIN_EXAMPLES = 5;
export type CodingEngine = (typeof CODING_ENGINES)[number];

export interface CodeDef {
  /** stable within the column: `^[a-z][a-z0-9_]*$` */
  key: string;
  label: string;
  definition: string;
  /** words or phrases; any one present (by lemma or stem) applies the code */
  include: string[];
  /** words or phrases that, present in the same answer, keep the code off */
  exclude: string[];
  examples: string[];
}

/** A quote supporting a code: offsets into one answer's text ([start, end), UTF-16 units). */
export interface QuoteSpan {
  question: string;
  start: number;
  end: number;
  text: string;
}
export interface AppliedCode {
  code: string;
  spans: QuoteSpan[];
  /** the classifier's posterior for the code (0.5..1) */
  confidence?: number;
  /** in a classifier run, a code it had too few human codes for: applied by the rules */
  by?: 'rules';
}

const phrases = (label: string) =>
  z
    .array(z.string().trim().min(1).max(100, `Each ${label} has at most 100 characters.`))
    .max(MAX_RULES, `At most ${MAX_RULES} ${label}s.`)
    .default([]);

const codeSchema = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,39}$/, 'Lower-case letters, digits and _, starting with a letter.'),
  label: z.string().trim().min(1, 'Give the code a label.').max(80),
  definition: z.string().trim().max(1000).default(''),
  include: phrases('include rule').refine((a) => a.length > 0, 'Add at least one include rule.'),
  exclude: phrases('exclude rule'),
  examples: z.array(z.string().trim().min(1).max(500)).max(20).default([]),
});

export const codebookSchema = z
  .object({ codes: z.array(codeSchema).min(1, 'Add at least one code.').max(MAX_CODES) })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.codes.forEach((c, i) => {
      if (seen.has(c.key))
        ctx.addIssue({ code: 'custom', path: ['codes', i, 'key'], message: 'Keys must differ.' });
      seen.add(c.key);
    });
  });
export type CodebookInput = z.infer<typeof codebookSchema>;

const settings = {
  name: z.string().trim().min(1, 'Give the column a name.').max(120),
  threshold: z.coerce
    .number({ error: 'A number between 0 and 1.' })
    .min(0, 'A number between 0 and 1.')
    .max(1, 'A number between 0 and 1.')
    .default(DEFAULT_THRESHOLD),
  samplePercent: z.coerce
    .number({ error: 'A whole percentage.' })
    .int('A whole percentage.')
    .min(1, 'Between 1 and 100.')
    .max(100, 'Between 1 and 100.')
    .default(DEFAULT_SAMPLE_PERCENT),
};
export const createColumnSchema = z.object({
  ...settings,
  kind: z.enum(COLUMN_KINDS, { error: 'Choose what the column derives.' }).default('codes'),
  questionKeys: z.array(z.string().max(100)).min(1, 'Choose at least one text question.').max(20),
});
export type CreateColumnInput = z.infer<typeof createColumnSchema>;
/** every setting named: an edit never falls back to a default silently */
export const updateColumnSchema = z.object({
  name: settings.name,
  threshold: z.coerce
    .number({ error: 'A number between 0 and 1.' })
    .min(0, 'A number between 0 and 1.')
    .max(1, 'A number between 0 and 1.'),
  samplePercent: z.coerce
    .number({ error: 'A whole percentage.' })
    .int('A whole percentage.')
    .min(1, 'Between 1 and 100.')
    .max(100, 'Between 1 and 100.'),
  /** absent: unchanged ('model' only when a model is configured) */
  engine: z
    .enum(CODING_ENGINES, { error: 'Choose the offline rules, the classifier or the model.' })
    .optional(),
});
export type UpdateColumnInput = z.infer<typeof updateColumnSchema>;

/** Blind verification: the human's own codes for one sampled response. */
export const verificationSchema = z.object({
  responseId: z.uuid({ error: 'Choose a response.' }),
  codes: z.array(z.string().max(40)).max(MAX_CODES).default([]),
});
export type VerificationInput = z.infer<typeof verificationSchema>;
