/**
 * Page props of the transformations pages (issue 11). Zod-free: the client imports it.
 */
import type { ColumnType } from '../datasets/column-types.js';
import type { CellValue, JobProgress } from '../datasets/datasets.pages.js';
import type { Step } from './steps.js';

interface Ref {
  id: string;
  name: string;
}

export interface TransformationListItem {
  id: string;
  name: string;
  source: Ref;
  output: Ref | null;
  steps: number;
  lastRun: RunItem | null;
  updatedAt: string;
}

export interface TransformationsIndexProps {
  project: Ref;
  transformations: TransformationListItem[];
  /** the project's datasets with data (what a new transformation may read) */
  datasetCount: number;
}

export interface TransformationCreateProps {
  project: Ref;
  datasets: Array<Ref & { rowCount: number; origin: string }>;
}

export interface RecipeColumn {
  key: string;
  label: string;
  type: ColumnType;
}

/** What one step did to the sample rows */
interface StepCounts {
  rowsIn: number;
  rowsOut: number;
  valuesChanged: number;
  /** values a type change could not convert (nulled, defaulted or their rows dropped) */
  failed: number;
  /** up to 10 of those values, as text */
  failedValues: string[];
  /** the keys of the columns it reads or writes */
  touches: string[];
}

export interface StepItem {
  step: Step;
  /** the step in plain words */
  text: string;
  /** the columns available to this step (the output of the steps before it) */
  columnsBefore: RecipeColumn[];
  /** null when disabled or when an earlier step has an error */
  counts: StepCounts | null;
  /** why the step cannot be compiled (a field path and message) */
  error: { field: string; message: string } | null;
}

export interface RunItem {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  /** 'auto': started because the source dataset got a new version */
  trigger: 'manual' | 'auto';
  /** rows added, removed and changed against the previous run's output (null: nothing to compare) */
  diff: { added: number; removed: number; changed: number } | null;
  rowsIn: number | null;
  rowsOut: number | null;
  versionNumber: number | null;
  failure: string | null;
  jobId: string;
  createdAt: string;
  finishedAt: string | null;
}

export interface TransformationPreview {
  /** the step the rows are shown after (0: the source rows, n: after step n) */
  after: number;
  columns: RecipeColumn[];
  rows: Array<{ _row: number; values: Record<string, CellValue> }>;
}

export interface TransformationShowProps {
  project: Ref;
  transformation: { id: string; name: string; updatedAt: string; autoRun: boolean };
  source: Ref & { rowCount: number; columns: RecipeColumn[] };
  output: Ref | null;
  steps: StepItem[];
  /** the columns after the last step that compiles (what a new step sees) */
  outputColumns: RecipeColumn[];
  /** how many source rows the previews and counts use */
  sampleSize: number;
  preview: TransformationPreview | null;
  /** the statement a run executes (values are the numbered parameters) */
  sql: { text: string; params: string[] } | null;
  /** the recipe in plain words */
  recipeText: string;
  runs: RunItem[];
  /** a run still going */
  activeRunId: string | null;
  /** the project's datasets with data: what a join or an append may read */
  datasets: Array<Ref & { columns: RecipeColumn[] }>;
}

export interface TransformationRunProps {
  project: Ref;
  transformation: Ref;
  output: Ref | null;
  run: RunItem & { progress: JobProgress | null; cancelRequested: boolean };
  /**
   * When a cancel takes effect while the rows are written: `now` (PostgreSQL interrupts the
   * statement), `chunk` (the embedded database writing a row-wise recipe chunk by chunk: when the
   * current chunk ends), `statement` (the embedded database otherwise: when the chunk or the step that runs as one
   * statement ends)
   */
  cancelTakesEffect: 'now' | 'chunk' | 'statement';
  recipeText: string;
  /** this run's output beside the previous run's, row by row (done runs with a previous run) */
  diff: RunDiff | null;
}

export type DiffKind = 'added' | 'removed' | 'changed';
export type DiffFilter = DiffKind | 'all';

/** A row that differs: matched by lineage (the source row it came from) */
export interface RunDiffRow {
  kind: DiffKind;
  sourceRow: number | null;
  /** the row in the previous output (null: added) and in this one (null: removed) */
  oldRow: number | null;
  newRow: number | null;
  /** the cells by column key, as text (null: the row is not on that side) */
  old: Record<string, string | null> | null;
  new: Record<string, string | null> | null;
  /** the keys of the cells that differ (changed rows) */
  changed: string[];
}

/** Share of the previous rows a run may remove before it is flagged */
export const BIG_DROP_SHARE = 0.2;

export interface RunDiff {
  base: { versionNumber: number; rows: number };
  added: number;
  removed: number;
  changed: number;
  /** removed / the previous run's rows (0..1) */
  removedShare: number;
  /** columns compared (in both outputs), and those only one side has */
  columns: RecipeColumn[];
  addedColumns: string[];
  removedColumns: string[];
  filter: DiffFilter;
  page: number;
  pageCount: number;
  /** null when the previous output's table is no longer kept (only the counts remain) */
  rows: RunDiffRow[] | null;
}
