import type { FormProjectRef } from '../forms/forms.pages.js';
import type { TablePage } from '../table/table-query.js';
import type { GridCellValue, GridCitation, GridColumn } from './grids.js';

interface GridFormRef {
  id: string;
  name: string;
  /** anonymous: one row per response; else one row per stakeholder */
  anonymous: boolean;
}

/** A grid over a dataset: its current version's rows (per dataset row, or grouped by stakeholder). */
export interface GridDatasetRef {
  id: string;
  name: string;
  /** the current version's number and rows; null before the first import */
  version: { number: number; rows: number } | null;
}

/**
 * What a grid's columns may be built from (the form's questions, its intelligent columns; a
 * dataset's columns as `questions`, no intelligent columns, no waves).
 */
export interface GridOptions {
  questions: Array<{ key: string; label: string; type: string }>;
  intelligentColumns: Array<{ id: string; name: string }>;
  /** the waves the form's responses carry, in the form's order */
  waves: string[];
  /** a dataset's stakeholder id column: its grids may have one row per stakeholder */
  stakeholderColumn: { key: string; label: string } | null;
}

export interface GridRunView {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  processed: number;
  total: number;
  /** cells carried over unchanged from the previous run (their rows did not change) */
  reused: number;
  engine: 'offline' | 'model';
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface IntelligentGridsProps {
  project: FormProjectRef;
  /** the grids' source: a survey form or a dataset (exactly one is set) */
  form: GridFormRef | null;
  dataset: GridDatasetRef | null;
  grids: Array<{
    id: string;
    name: string;
    columns: number;
    waves: string[];
    lastRun: { status: GridRunView['status']; finishedAt: string | null; rows: number } | null;
  }>;
  options: GridOptions;
  /** what a new grid may be built over: the project's survey forms and datasets (by name) */
  sources: GridSourceChoice[];
  can: { create: boolean };
}

export interface GridSourceChoice {
  kind: 'form' | 'dataset';
  id: string;
  name: string;
}

/** One displayed column: a grid column, for question and intelligent columns one per wave. */
export interface GridHeader {
  column: string;
  kind: GridColumn['kind'];
  title: string;
  wave: string | null;
}

export interface GridCellView {
  value: GridCellValue;
  citations: GridCitation[];
}

export interface GridRowView {
  key: string;
  /** the stakeholder's code and name, or the response's number */
  label: string;
  cells: Record<string, GridCellView>;
}

/** The summary row: per displayed column (`column` or `column:wave`), its lines. */
export type GridSummary = Record<string, string[]>;

export interface IntelligentGridProps {
  project: FormProjectRef;
  form: GridFormRef | null;
  dataset: GridDatasetRef | null;
  grid: {
    id: string;
    name: string;
    waves: string[];
    /** a dataset's grid: one row per stakeholder (their rows grouped), else per dataset row */
    byStakeholder: boolean;
    columns: GridColumn[];
  };
  run: GridRunView | null;
  headers: GridHeader[];
  /** one page of the last finished run's rows (keyset on the row's position; search on its label) */
  rows: TablePage<GridRowView>;
  /** rows in the last finished run (the summary is over all of them) */
  totalRows: number;
  summary: GridSummary;
  options: GridOptions;
  /** the engine prompt columns use now: a model when AI_BASE_URL etc. are set */
  engine: 'offline' | 'model';
  can: { update: boolean; delete: boolean };
}

/** The key of a displayed column in rows' cells and in the summary. */
export const headerKey = (h: { column: string; wave: string | null }) =>
  h.wave === null ? h.column : `${h.column}:${h.wave}`;
