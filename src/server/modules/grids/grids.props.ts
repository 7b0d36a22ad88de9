import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import type { findForm } from '../forms/index.js';
import type { GridCellValue, GridColumn } from '../../../shared/grids/grids.js';
import { parseTableQuery } from '../../../shared/table/table-query.js';
import {
  type GridHeader,
  type GridRowView,
  type GridRunView,
  type IntelligentGridProps,
  type IntelligentGridsProps,
} from '../../../shared/grids/grids.pages.js';
import {
  cellsPage,
  gridOptions,
  gridsOfForm,
  latestGridRun,
  type GridRow,
  type GridRunRow,
} from './grids.queries.js';

type Found = Awaited<ReturnType<typeof findForm>>;
const formRef = (form: Found['form']) => ({
  id: form.id,
  name: form.name,
  anonymous: form.anonymous,
});
const projectRef = (project: Found['project']) => ({
  id: project.id,
  name: project.name,
  status: project.status,
});

const runView = (r: GridRunRow): GridRunView => ({
  id: r.id,
  status: r.status,
  processed: r.processed,
  total: r.total,
  reused: r.reused,
  engine: r.engine,
  error: r.error,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

export async function gridsListProps(
  db: Db,
  teamId: string,
  { form, project }: Found,
  canCreate: boolean,
): Promise<IntelligentGridsProps> {
  const grids = await gridsOfForm(db, teamId, form.id);
  return {
    project: projectRef(project),
    form: formRef(form),
    grids: await Promise.all(
      grids.map(async (g) => {
        const run = await latestGridRun(db, g.id);
        return {
          id: g.id,
          name: g.name,
          columns: g.columns.length,
          waves: g.waves,
          lastRun: run
            ? {
                status: run.status,
                finishedAt: run.finishedAt?.toISOString() ?? null,
                rows: run.total,
              }
            : null,
        };
      }),
    ),
    options: await gridOptions(db, teamId, form),
    can: { create: canCreate },
  };
}

/** The displayed columns: a question or intelligent column once per wave, a prompt column once. */
export function headersOf(columns: GridColumn[], waves: string[]): GridHeader[] {
  return columns.flatMap((c): GridHeader[] =>
    c.kind === 'prompt'
      ? [{ column: c.key, kind: c.kind, title: c.title, wave: null }]
      : waves.map((wave) => ({ column: c.key, kind: c.kind, title: c.title, wave })),
  );
}

/** A run's cells grouped by row, in row order. */
export function rowsOf(
  cells: Array<{
    rowKey: string;
    rowLabel: string;
    columnKey: string;
    value: GridCellValue;
    citations: GridRowView['cells'][string]['citations'];
  }>,
): GridRowView[] {
  const rows = new Map<string, GridRowView>();
  for (const c of cells) {
    let row = rows.get(c.rowKey);
    if (!row) {
      row = { key: c.rowKey, label: c.rowLabel, cells: {} };
      rows.set(c.rowKey, row);
    }
    row.cells[c.columnKey] = { value: c.value, citations: c.citations };
  }
  return [...rows.values()];
}

export async function gridProps(
  ctx: AppContext,
  teamId: string,
  grid: GridRow,
  found: Found,
  { canUpdate, canDelete }: { canUpdate: boolean; canDelete: boolean },
  query: unknown = {},
): Promise<IntelligentGridProps> {
  const options = await gridOptions(ctx.db, teamId, found.form);
  const [run, done] = await Promise.all([
    latestGridRun(ctx.db, grid.id),
    latestGridRun(ctx.db, grid.id, 'done'),
  ]);
  const waves = grid.waves.length ? grid.waves : options.waves;
  const q = parseTableQuery(query);
  const page = done
    ? await cellsPage(ctx.db, done.id, q, done.total)
    : { page: 1, total: 0, cells: [] };
  return {
    project: projectRef(found.project),
    form: formRef(found.form),
    grid: { id: grid.id, name: grid.name, waves: grid.waves, columns: grid.columns },
    run: run ? runView(run) : null,
    headers: headersOf(grid.columns, waves),
    // one page of rows (keyset on position); the summary is over ALL rows (computed by the run)
    rows: { ...q, sort: null, page: page.page, total: page.total, rows: rowsOf(page.cells) },
    totalRows: done?.total ?? 0,
    summary: done?.summary ?? {},
    options,
    engine: ctx.config.ai ? 'model' : 'offline',
    can: { update: canUpdate, delete: canDelete },
  };
}
