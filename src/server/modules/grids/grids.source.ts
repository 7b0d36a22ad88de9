import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { idOr404 } from '../../platform/http/ids.js';
import { notFound } from '../../platform/errors.js';
import { findForm } from '../forms/index.js';
import { forms } from '../forms/read-model.js';
import { datasetsOf, findDataset, readRows } from '../datasets/index.js';
import { findProject } from '../projects/index.js';
import type { QuestionType } from '../../../shared/forms/questions.js';
import type { ColumnType } from '../../../shared/datasets/column-types.js';
import { inWaveOrder } from '../../../shared/forms/waves.js';
import { DATASET_WAVE } from '../../../shared/grids/grids.js';
import type {
  GridDatasetRef,
  GridOptions,
  GridSourceChoice,
} from '../../../shared/grids/grids.pages.js';
import type { FormProjectRef } from '../../../shared/forms/forms.pages.js';
import type { QuestionInfo } from './grids.answers.js';
import { intelligentGrids } from './grids.tables.js';
import {
  gridOptions,
  gridRowCount,
  gridRowPages,
  questionsOf,
  wavesOfForm,
  type GridSourceRow,
} from './grids.queries.js';

/**
 * Where a grid's rows come from (the one place that knows): a survey form (rows are stakeholders
 * or responses, columns read its questions per wave) or a dataset (rows are its current version's
 * rows, one grid row per dataset row or, when it names a stakeholder id column and the grid asks,
 * per stakeholder; columns read its columns, there are no waves: every cell keeps its value under
 * `DATASET_WAVE`). The job, the use cases, the props and the export read rows, questions, waves
 * and options through these functions only.
 */
type FormRow = Awaited<ReturnType<typeof findForm>>['form'];
type DatasetFound = Awaited<ReturnType<typeof findDataset>>;

export type GridSource =
  | { kind: 'form'; form: FormRow; project: FormProjectRef }
  | ({ kind: 'dataset'; project: FormProjectRef } & DatasetFound);

export async function formSource(db: Db, teamId: string, formId: unknown): Promise<GridSource> {
  const { form, project } = await findForm(db, teamId, formId);
  return { kind: 'form', form, project };
}

/** A dataset of the team as a grid source (404 for another team's dataset). */
export async function datasetSource(
  db: Db,
  teamId: string,
  datasetId: unknown,
): Promise<GridSource> {
  const found = await findDataset(db, teamId, datasetId);
  const p = await findProject(db, teamId, found.dataset.projectId);
  return { kind: 'dataset', project: { id: p.id, name: p.name, status: p.status }, ...found };
}

/** The source of a stored grid (a form or a dataset: the table's check keeps exactly one). */
export const sourceOfGrid = (
  db: Db,
  teamId: string,
  grid: { formId: string | null; datasetId: string | null },
) =>
  grid.formId ? formSource(db, teamId, grid.formId) : datasetSource(db, teamId, grid.datasetId);

export const datasetRef = (s: GridSource): GridDatasetRef | null =>
  s.kind === 'dataset'
    ? {
        id: s.dataset.id,
        name: s.dataset.name,
        version: s.current ? { number: s.current.number, rows: s.current.rowCount } : null,
      }
    : null;

/** A dataset column read as a question of that kind (numbers compare, yes/no reads as Yes/No). */
const AS_QUESTION: Record<ColumnType, QuestionType> = {
  text: 'short_text',
  category: 'dropdown',
  integer: 'integer',
  decimal: 'decimal',
  boolean: 'yes_no',
  date: 'date',
  datetime: 'datetime',
  multi: 'multiple_choice',
  geopoint: 'short_text',
};

/** The questions (a dataset: its shown columns) the grid's columns may read. */
export async function sourceQuestions(db: Db, s: GridSource): Promise<QuestionInfo[]> {
  if (s.kind === 'form') return questionsOf(db, s.form.id);
  return s.columns
    .filter((c) => !c.hidden)
    .map((c) => ({ key: c.key, label: c.label, type: AS_QUESTION[c.type], choices: [] }));
}

export async function sourceOptions(db: Db, teamId: string, s: GridSource): Promise<GridOptions> {
  if (s.kind === 'form') return gridOptions(db, teamId, s.form);
  const questions = await sourceQuestions(db, s);
  return {
    questions: questions.map(({ key, label, type }) => ({ key, label, type })),
    intelligentColumns: [],
    waves: [],
    stakeholderColumn: stakeholderColumnOf(s),
  };
}

/** The waves a grid's cells are keyed by: the chosen ones, else every wave; a dataset: one. */
export async function sourceWaves(db: Db, s: GridSource, chosen: string[]): Promise<string[]> {
  if (s.kind === 'dataset') return [DATASET_WAVE];
  // the chosen waves read (and compare) in the form's order, whatever order they were picked in
  return chosen.length ? inWaveOrder(chosen, s.form.waves) : wavesOfForm(db, s.form);
}

/** The dataset's stakeholder id column a grid may group its rows by (shown and sortable), or null. */
export function stakeholderColumnOf(s: GridSource): { key: string; label: string } | null {
  if (s.kind !== 'dataset' || !s.dataset.stakeholderColumnKey) return null;
  const c = s.columns.find((x) => x.key === s.dataset.stakeholderColumnKey);
  return c && !c.hidden && GROUPABLE.has(c.type) ? { key: c.key, label: c.label } : null;
}
const GROUPABLE: ReadonlySet<ColumnType> = new Set(['text', 'category', 'integer', 'decimal']);

/** How a grid reads its source: a dataset's rows one by one or grouped by stakeholder. */
export interface RowsPlan {
  byStakeholder: boolean;
  /** source rows (responses, dataset rows) read per page */
  pageSize: number;
}

/** A page of grid rows and how many source rows (dataset rows, or grid rows) it consumed. */
export interface RowsPage {
  rows: GridSourceRow[];
  read: number;
}

type DatasetRowRead = { _row: number; values: Record<string, unknown> };
const blank = (v: unknown) => v === null || v === undefined || v === '';

const rowWave = (r: DatasetRowRead) => ({
  wave: DATASET_WAVE,
  responseId: null,
  row: r._row,
  answers: r.values,
  updatedAt: JSON.stringify(r.values),
});

/** A dataset row as a grid row: `r<_row>`, "Row 12" (with the stakeholder id when named). */
const singleRow = (r: DatasetRowRead, who: unknown): GridSourceRow => ({
  key: `r${r._row}`,
  label: blank(who) ? `Row ${r._row}` : `Row ${r._row} · ${String(who)}`,
  waves: [rowWave(r)],
});

/** A stakeholder's rows as one grid row: `s:<id>`, "H1 · rows 3, 15" (row order). */
function stakeholderRow(who: string, rows: DatasetRowRead[]): GridSourceRow {
  const numbers = rows.map((r) => r._row);
  const shown =
    numbers.length > 6
      ? `${numbers.slice(0, 5).join(', ')}… (${numbers.length})`
      : numbers.join(', ');
  return {
    key: `s:${who}`,
    label: `${who} · ${numbers.length === 1 ? 'row' : 'rows'} ${shown}`,
    waves: rows.map(rowWave),
  };
}

/** How many source rows a run will read (its progress total): responses' rows or dataset rows. */
export async function sourceRowTotal(db: Db, s: GridSource, waves: string[]): Promise<number> {
  if (s.kind === 'form') return gridRowCount(db, s.form, waves);
  return s.current ? Number(s.current.rowCount) : 0;
}

/**
 * The grid's rows, a page at a time, so a run's memory stays flat however large the source. A
 * form: stakeholders by code (their responses grouped across the waves), then responses with no
 * stakeholder, or an anonymous form's responses, each by keyset (`gridRowPages`). A dataset: its
 * current version by keyset on `_row`, one grid row per dataset row, keyed `r<_row>`; grouped by
 * stakeholder (`byStakeholder`), by keyset on (the stakeholder column, `_row`): a stakeholder's
 * rows are consecutive, a group still open at a page's end is held until the next page, and rows
 * with no stakeholder id come last, each a row of its own. A row's values stand in for a
 * response's last change, so an unchanged row of a new version is carried over.
 */
export async function* sourcePages(
  db: Db,
  teamId: string,
  s: GridSource,
  waves: string[],
  plan: RowsPlan,
): AsyncGenerator<RowsPage> {
  if (s.kind === 'form') {
    for await (const rows of gridRowPages(db, s.form, waves, plan.pageSize))
      yield { rows, read: rows.length };
    return;
  }
  if (!s.current) return;
  const stakeholder = s.dataset.stakeholderColumnKey;
  const grouped = plan.byStakeholder ? stakeholderColumnOf(s) : null;
  if (!grouped) {
    let after: number | undefined;
    for (;;) {
      const page = await readRows(db, teamId, s.dataset.id, { limit: plan.pageSize, after });
      const rows = page.rows.map((r) => singleRow(r, stakeholder ? r.values[stakeholder] : null));
      if (rows.length) yield { rows, read: rows.length };
      if (page.next === null) return;
      after = page.next;
    }
  }
  let cursor: [string | null, number] | undefined;
  let open: { who: string; rows: DatasetRowRead[] } | null = null;
  for (;;) {
    const page = await readRows(db, teamId, s.dataset.id, {
      limit: plan.pageSize,
      sort: grouped.key,
      cursor,
    });
    const out: GridSourceRow[] = [];
    for (const r of page.rows) {
      const v = r.values[grouped.key];
      if (blank(v)) {
        if (open) out.push(stakeholderRow(open.who, open.rows));
        open = null;
        out.push(singleRow(r, null));
        continue;
      }
      const who = String(v);
      if (open && open.who === who) {
        open.rows.push(r);
        continue;
      }
      if (open) out.push(stakeholderRow(open.who, open.rows));
      open = { who, rows: [r] };
    }
    const last = page.cursor === null;
    if (last && open) out.push(stakeholderRow(open.who, open.rows));
    if (out.length || page.rows.length) yield { rows: out, read: page.rows.length };
    if (last) return;
    cursor = JSON.parse(page.cursor!) as [string | null, number];
  }
}

/** A grid of the team with its source and project, or 404. */
export async function findGrid(db: Db, teamId: string, gridId: unknown) {
  const id = idOr404(gridId, 'Intelligent grid');
  const [grid] = await db
    .select()
    .from(intelligentGrids)
    .where(and(eq(intelligentGrids.id, id), eq(intelligentGrids.teamId, teamId)))
    .limit(1);
  if (!grid) throw notFound('Intelligent grid');
  const source = await sourceOfGrid(db, teamId, grid);
  return { grid, source, project: source.project };
}

/** The project's survey forms, then its datasets, each by name: what a new grid may read. */
export async function sourcesOfProject(
  db: Db,
  teamId: string,
  projectId: string,
): Promise<GridSourceChoice[]> {
  const [surveys, sets] = await Promise.all([
    db
      .select({ id: forms.id, name: forms.name })
      .from(forms)
      .where(
        and(eq(forms.teamId, teamId), eq(forms.projectId, projectId), eq(forms.kind, 'survey')),
      )
      .orderBy(asc(forms.name)),
    datasetsOf(db, teamId, projectId),
  ]);
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return [
    ...surveys.map((f) => ({ kind: 'form' as const, id: f.id, name: f.name })),
    ...sets.sort(byName).map((d) => ({ kind: 'dataset' as const, id: d.id, name: d.name })),
  ];
}
