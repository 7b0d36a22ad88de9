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
  gridSourceRows,
  questionsOf,
  wavesOfForm,
  type GridSourceRow,
} from './grids.queries.js';

/**
 * Where a grid's rows come from (the one place that knows): a survey form (rows are stakeholders
 * or responses, columns read its questions per wave) or a dataset (rows are its current version's
 * rows, one grid row per dataset row, never grouped; columns read its columns, there are no
 * waves: every cell keeps its value under `DATASET_WAVE`). The job, the use cases, the props and
 * the export read rows, questions, waves and options through these functions only.
 */
type FormRow = Awaited<ReturnType<typeof findForm>>['form'];
type DatasetFound = Awaited<ReturnType<typeof findDataset>>;

export type GridSource =
  | { kind: 'form'; form: FormRow; project: FormProjectRef }
  | ({ kind: 'dataset'; project: FormProjectRef } & DatasetFound);

/** rows read per page of a dataset (keyset on _row) */
const PAGE = 1000;

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
  };
}

/** The waves a grid's cells are keyed by: the chosen ones, else every wave; a dataset: one. */
export async function sourceWaves(db: Db, s: GridSource, chosen: string[]): Promise<string[]> {
  if (s.kind === 'dataset') return [DATASET_WAVE];
  return chosen.length ? chosen : wavesOfForm(db, s.form);
}

/**
 * The grid's rows. A dataset: every row of its current version in row order, keyed `r<_row>`,
 * labelled "Row 12" (with the stakeholder id when the dataset names its column); the row's values
 * stand in for a response's last change, so an unchanged row of a new version is carried over.
 */
export async function sourceRows(
  db: Db,
  teamId: string,
  s: GridSource,
  waves: string[],
): Promise<GridSourceRow[]> {
  if (s.kind === 'form') return gridSourceRows(db, s.form, waves);
  if (!s.current) return [];
  const stakeholderKey = s.dataset.stakeholderColumnKey;
  const rows: GridSourceRow[] = [];
  let after: number | undefined;
  for (;;) {
    const page = await readRows(db, teamId, s.dataset.id, { limit: PAGE, after });
    for (const r of page.rows) {
      const who = stakeholderKey ? r.values[stakeholderKey] : null;
      rows.push({
        key: `r${r._row}`,
        label: who === null || who === undefined ? `Row ${r._row}` : `Row ${r._row} · ${who}`,
        waves: [
          {
            wave: DATASET_WAVE,
            responseId: null,
            row: r._row,
            answers: r.values,
            updatedAt: JSON.stringify(r.values),
          },
        ],
      });
    }
    if (page.next === null) return rows;
    after = page.next;
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
