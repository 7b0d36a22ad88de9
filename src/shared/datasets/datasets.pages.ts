/**
 * Page props of the sources and datasets pages (docs/datasets.md section 8), and the JSON shape
 * of `datasets.rows`. Zod-free: the client imports it.
 */
import type { ColumnType, DatasetOrigin, DatasetVersionStatus } from './column-types.js';

/** dataset_columns.stats */
export interface ColumnStats {
  nulls: number;
  distinct: number | null;
  min: string | null;
  max: string | null;
  /** values the import could not convert (stored as empty, listed in the row errors) */
  failed: number;
}

interface ProjectRef {
  id: string;
  name: string;
}

/** A job's progress (jobs.progress), published as `job.progress` at most once a second */
export interface JobProgress {
  done: number;
  total: number | null;
  /** rows per second */
  rate: number | null;
  etaSeconds: number | null;
  phase: 'queued' | 'reading' | 'writing' | 'finishing' | 'done' | 'failed' | 'cancelled';
}

/** The data of the `job.progress`, `job.finished` and `job.failed` events on the team channel */
export interface JobEvent {
  jobId: string;
  progress: JobProgress;
}

export interface DatasetListItem {
  id: string;
  name: string;
  origin: DatasetOrigin;
  project: ProjectRef;
  /** the newest version's status (null: none yet) */
  status: DatasetVersionStatus | null;
  rowCount: number | null;
  fileName: string | null;
  updatedAt: string;
}

export interface SourcesIndexProps {
  /** the project the list is narrowed to (null: the whole team) */
  project: ProjectRef | null;
  projects: ProjectRef[];
  datasets: DatasetListItem[];
}

export interface SourcesCreateProps {
  project: ProjectRef;
  /** a refresh: the dataset that gets a new version */
  dataset: { id: string; name: string } | null;
  maxBytes: number;
}

export type UploadFormat = 'csv' | 'tsv' | 'xlsx';

export interface PreviewColumn {
  /** the column's position in the file (0-based): the import's reference to it */
  index: number;
  /** the file's header (or "Column N" without a header row) */
  source: string;
  label: string;
  type: ColumnType;
  /** how many sampled values would fail to convert, per type the user may pick */
  failures: Record<string, number>;
  /** on a refresh: the key kept from the current version (matched on the source column) */
  keptKey: string | null;
}

export interface SurveyPreviewProps {
  project: ProjectRef;
  dataset: { id: string; name: string } | null;
  upload: {
    id: string;
    fileName: string;
    format: UploadFormat;
    byteSize: number;
    encoding: string | null;
    delimiter: string | null;
    headerRow: boolean;
    sheet: string | null;
    sheets: string[];
  };
  suggestedName: string;
  columns: PreviewColumn[];
  /** the first rows, each cell as text */
  rows: string[][];
  /** how many data rows the types and failure counts were worked out from */
  sampled: number;
  /** the preview could not read the file (the message says why) */
  problem: string | null;
}

export interface RowErrorItem {
  row: number;
  column: string;
  value: string;
  reason: string;
}

export interface VersionItem {
  id: string;
  number: number;
  status: DatasetVersionStatus;
  rowCount: number;
  errorCount: number;
  jobId: string | null;
  failure: string | null;
  fileName: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface JobStatusProps {
  job: {
    id: string;
    status: 'queued' | 'running' | 'done' | 'failed';
    progress: JobProgress | null;
    cancelRequested: boolean;
  };
  project: ProjectRef;
  dataset: { id: string; name: string };
  version: VersionItem;
  errors: RowErrorItem[];
  /** a failed or cancelled import whose file is still kept, or whose source is an address */
  canRetry: boolean;
}

export interface ColumnItem {
  key: string;
  label: string;
  type: ColumnType;
  sourceColumn: string | null;
  stats: ColumnStats | null;
}

export type CellValue = string | number | boolean | null;

export interface DatasetRow {
  _row: number;
  values: Record<string, CellValue>;
}

export const ROW_FILTER_OPS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'contains',
  'empty',
  'not_empty',
] as const;
export type RowFilterOp = (typeof ROW_FILTER_OPS)[number];

/** A filter of `datasets.rows` as data (docs/datasets.md section 5): a column key, never a SQL name */
export interface RowFilter {
  column: string;
  op: RowFilterOp;
  value?: string | number | boolean | Array<string | number>;
}

/** GET datasets.rows */
export interface DatasetRowsPage {
  columns: Array<{ key: string; label: string; type: ColumnType }>;
  rows: DatasetRow[];
  /** `after` for the next page (keyset on _row), or `offset` when sorted; null at the end */
  next: number | null;
  /** sorted pages: the keyset cursor of the next page (pass it back as `cursor`); null at the end */
  cursor: string | null;
  /** with `count=1`: how many rows match the filters (null when not asked) */
  total: number | null;
}

/** survey-sources/datagrid: the grid over a dataset's current version (rows come from datasets.rows) */
export interface DatagridProps {
  dataset: { id: string; name: string };
  project: ProjectRef;
  /** null: no version imported yet */
  version: { number: number; rowCount: number } | null;
  columns: Array<{
    key: string;
    label: string;
    type: ColumnType;
    sortable: boolean;
    /** category columns: their distinct values (at most 100; null when there are more) */
    values: string[] | null;
  }>;
}

export interface SourceShowProps {
  dataset: {
    id: string;
    name: string;
    origin: DatasetOrigin;
    stakeholderColumnKey: string | null;
    createdAt: string;
  };
  project: ProjectRef;
  fileName: string | null;
  current: VersionItem | null;
  versions: VersionItem[];
  columns: ColumnItem[];
  /** the row errors of the current version (the first 200) */
  errors: RowErrorItem[];
  /** the first rows of the current version */
  rows: DatasetRowsPage | null;
  /** an import still running for this dataset */
  activeJobId: string | null;
  /** fed from an address: refreshed on demand and on its schedule */
  urlSource: UrlSourceItem | null;
  /** the current version beside an earlier ready one (`?compare=<version id>`, else the previous) */
  diff: VersionDiff | null;
  /** how its columns feed the theory of change: column -> data point -> metric -> element */
  feeds: ColumnFeed[];
}

/** One data point bound to a column of this dataset, with the metric and element it serves */
export interface ColumnFeed {
  columnKey: string;
  /** the column's label in the current version, or null when a refresh dropped it */
  columnLabel: string | null;
  dataPoint: { id: string; name: string };
  metric: { id: string; name: string };
  element: { id: string; title: string; kind: string };
}

export interface UrlSourceItem {
  url: string;
  schedule: 'none' | 'hourly' | 'daily';
  nextRunAt: string | null;
  lastRunAt: string | null;
  lastError: string | null;
}

/** What changed in one column between two versions (stats deltas are new minus old) */
export interface ColumnDiff {
  key: string;
  label: string;
  change: 'added' | 'removed' | 'retyped' | 'changed' | 'same';
  oldType: ColumnType | null;
  newType: ColumnType | null;
  oldNulls: number | null;
  newNulls: number | null;
  oldDistinct: number | null;
  newDistinct: number | null;
  oldMin: string | null;
  newMin: string | null;
  oldMax: string | null;
  newMax: string | null;
}

export interface VersionDiff {
  from: { id: string; number: number; rowCount: number };
  to: { id: string; number: number; rowCount: number };
  columns: ColumnDiff[];
  /** the earlier ready versions one may compare with */
  choices: Array<{ id: string; number: number }>;
}
