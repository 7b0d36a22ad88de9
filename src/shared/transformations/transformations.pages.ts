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
  status: 'queued' | 'running' | 'done' | 'failed';
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
  transformation: { id: string; name: string; updatedAt: string };
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
  run: RunItem & { progress: JobProgress | null };
  recipeText: string;
}
