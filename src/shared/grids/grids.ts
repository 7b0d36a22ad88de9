import { z } from 'zod';

/**
 * The intelligent grid (issue 12 section 4): rows are a survey form's stakeholders (or its
 * responses when the form is anonymous), columns are questions (the answer per wave), intelligent
 * columns (their codes per wave) and prompt columns (a question in words over chosen questions).
 */
const MAX_COLUMNS = 20;
const KEY = /^[a-z][a-z0-9_]{0,39}$/;

/** a column's key: kept across edits (its cells are keyed by it); new columns get one */
const key = z.string().regex(KEY).optional();
const questionColumn = z.object({
  key,
  kind: z.literal('question'),
  title: z.string().trim().min(1, 'Give the column a title.').max(80),
  question: z.string().trim().min(1, 'Choose a question.').max(100),
});
const intelligentColumn = z.object({
  key,
  kind: z.literal('intelligent'),
  title: z.string().trim().min(1, 'Give the column a title.').max(80),
  columnId: z.string().uuid('Choose an intelligent column.'),
});
const promptColumn = z.object({
  key,
  kind: z.literal('prompt'),
  title: z.string().trim().min(1, 'Give the column a title.').max(80),
  prompt: z.string().trim().min(5, 'Write the question the column answers.').max(500),
  questions: z
    .array(z.string().trim().min(1).max(100))
    .min(1, 'Choose the questions it may read.')
    .max(10, 'At most 10 questions.'),
});
const gridColumnSchema = z.discriminatedUnion('kind', [
  questionColumn,
  intelligentColumn,
  promptColumn,
]);
export type GridColumnInput = z.infer<typeof gridColumnSchema>;
/** A stored column: its input with a key that stays stable (cells are keyed by it). */
export type GridColumn = GridColumnInput & { key: string };

export const gridSchema = z.object({
  name: z.string().trim().min(1, 'Give the grid a name.').max(120),
  waves: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
  /** a dataset with a stakeholder id column: one row per stakeholder, their rows grouped */
  byStakeholder: z.boolean().default(false),
  columns: z
    .array(gridColumnSchema)
    .min(1, 'Add at least one column.')
    .max(MAX_COLUMNS, `At most ${MAX_COLUMNS} columns.`),
});
export type GridInput = z.infer<typeof gridSchema>;

export const gridExportSchema = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'CSV or XLSX.' }).default('csv'),
});

/**
 * One answer a cell used: which response (a form's grid) or which row (a dataset's grid: its row
 * number `_row`, `responseId` null), which question or dataset column (`question`: its key), which
 * wave (null on a dataset's grid), and the words quoted.
 */
export interface GridCitation {
  responseId: string | null;
  row?: number;
  question: string;
  wave: string | null;
  quote: string;
}

/** A question's or an intelligent column's value in each wave (codes: their labels). */
type WaveValue = string | number | string[] | null;
export type GridCellValue =
  | { kind: 'question'; byWave: Record<string, WaveValue> }
  | { kind: 'intelligent'; byWave: Record<string, string[]> }
  | {
      kind: 'prompt';
      engine: 'offline' | 'model';
      /** answered; refused (the model's output did not hold); no_data (nothing to read) */
      status: 'answered' | 'refused' | 'no_data';
      text: string;
      /** offline: the changes found ("Water source: Well → Tap"), for the summary */
      changes: string[];
      /** offline: numeric change per question (last wave minus first) */
      deltas: Record<string, number>;
    };

export { NO_WAVE } from '../forms/waves.js';

/**
 * A dataset's grid has no waves: its cells keep their value under this one key of `byWave`, and
 * its displayed columns have wave null (read `byWave[header.wave ?? DATASET_WAVE]`).
 */
export const DATASET_WAVE = '(row)';
/** The wave a header shows for a wave of the cells (none for a dataset's only one). */
export const shownWave = (wave: string) => (wave === DATASET_WAVE ? null : wave);
