import { z } from 'zod';
import { isIsoDate } from '../metrics/periods.js';

/** Inputs of learnings and learning questions (shared by client and server). */
export const CONFIDENCES = ['low', 'medium', 'high'] as const;
export type Confidence = (typeof CONFIDENCES)[number];
export const CONFIDENCE_LABELS: Record<Confidence, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};
export const LEARNING_STATUSES = ['open', 'in_progress', 'done'] as const;
export type LearningStatus = (typeof LEARNING_STATUSES)[number];
export const LEARNING_STATUS_LABELS: Record<LearningStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  done: 'Done',
};
export const MAX_EVIDENCE = 20;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optText = (max: number) =>
  z
    .preprocess(blankToNull, z.string().trim().max(max, `At most ${max} characters.`).nullable())
    .optional();
const optId = (message: string) =>
  z.preprocess(blankToNull, z.uuid({ error: message }).nullable()).optional();
const optUserId = z.preprocess(blankToNull, z.string().max(100).nullable()).optional();
const optDate = z
  .preprocess(
    blankToNull,
    z
      .string({ error: 'Enter a date (YYYY-MM-DD).' })
      .refine(isIsoDate, 'Enter a date (YYYY-MM-DD).')
      .nullable(),
  )
  .optional();

/** A link to the evidence: a web address (http/https) or a page of the app (/metrics/...). */
const evidenceUrl = z
  .string({ error: 'Enter the address of the evidence.' })
  .trim()
  .max(2000, 'At most 2000 characters.')
  .refine(
    (s) => /^\/(?!\/)[^\s]*$/.test(s) || /^https?:\/\/[^\s]+$/i.test(s),
    'Enter a web address starting with https:// or a page of this app starting with /.',
  );
const evidenceSchema = z.strictObject({
  label: z
    .string({ error: 'Say what the evidence is.' })
    .trim()
    .min(1, 'Say what the evidence is.')
    .max(200, 'At most 200 characters.'),
  url: evidenceUrl,
});
export type Evidence = z.infer<typeof evidenceSchema>;

const learningFields = {
  summary: z
    .string({ error: 'Write what was learned.' })
    .trim()
    .min(1, 'Write what was learned.')
    .max(4000, 'At most 4000 characters.'),
  elementId: optId('Choose an element of this problem.'),
  metricId: optId('Choose a metric of this problem.'),
  questionId: optId('Choose a learning question of this problem.'),
  evidence: z
    .array(evidenceSchema)
    .max(MAX_EVIDENCE, `At most ${MAX_EVIDENCE} pieces of evidence.`)
    .optional(),
  confidence: z.enum(CONFIDENCES, { error: 'Choose low, medium or high.' }),
  action: optText(1000),
  actionOwnerId: optUserId,
  actionDue: optDate,
  status: z.enum(LEARNING_STATUSES, { error: 'Choose open, in progress or done.' }),
};
export const createLearningSchema = z.strictObject(learningFields);
export type CreateLearningInput = z.infer<typeof createLearningSchema>;
export const updateLearningSchema = z.strictObject(learningFields);
export type UpdateLearningInput = z.infer<typeof updateLearningSchema>;

export const learningQuestionSchema = z.strictObject({
  text: z
    .string({ error: 'Write the question.' })
    .trim()
    .min(1, 'Write the question.')
    .max(500, 'At most 500 characters.'),
  elementId: optId('Choose an element of this problem.'),
});
export type LearningQuestionInput = z.infer<typeof learningQuestionSchema>;
