import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { shownWave, type GridCellValue, type GridColumn } from '../../../shared/grids/grids.js';
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
  gridsOfSource,
  latestGridRun,
  type GridRow,
  type GridRunRow,
} from './grids.queries.js';
import {
  datasetRef,
  sourceOptions,
  sourcesOfProject,
  sourceWaves,
  type GridSource,
} from './grids.source.js';

const formRef = (s: GridSource) =>
  s.kind === 'form' ? { id: s.form.id, name: s.form.name, anonymous: s.form.anonymous } : null;
const projectRef = (project: GridSource['project']) => ({
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
  source: GridSource,
  canCreate: boolean,
): Promise<IntelligentGridsProps> {
  const grids = await gridsOfSource(
    db,
    teamId,
    source.kind === 'form' ? { formId: source.form.id } : { datasetId: source.dataset.id },
  );
  return {
    project: projectRef(source.project),
    form: formRef(source),
    dataset: datasetRef(source),
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
    options: await sourceOptions(db, teamId, source),
    sources: await sourcesOfProject(db, teamId, source.project.id),
    can: { create: canCreate },
  };
}

/**
 * The displayed columns: a question or intelligent column once per wave, a prompt column once (a
 * dataset's grid: every column once, wave null).
 */
export function headersOf(columns: GridColumn[], waves: string[]): GridHeader[] {
  return columns.flatMap((c): GridHeader[] =>
    c.kind === 'prompt'
      ? [{ column: c.key, kind: c.kind, title: c.title, wave: null }]
      : waves.map((wave) => ({
          column: c.key,
          kind: c.kind,
          title: c.title,
          wave: shownWave(wave),
        })),
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
  source: GridSource,
  { canUpdate, canDelete }: { canUpdate: boolean; canDelete: boolean },
  query: unknown = {},
): Promise<IntelligentGridProps> {
  const options = await sourceOptions(ctx.db, teamId, source);
  const [run, done] = await Promise.all([
    latestGridRun(ctx.db, grid.id),
    latestGridRun(ctx.db, grid.id, 'done'),
  ]);
  const waves =
    source.kind === 'form' && !grid.waves.length
      ? options.waves
      : await sourceWaves(ctx.db, source, grid.waves);
  const q = parseTableQuery(query);
  const page = done
    ? await cellsPage(ctx.db, done.id, q, done.total)
    : { page: 1, total: 0, cells: [] };
  return {
    project: projectRef(source.project),
    form: formRef(source),
    dataset: datasetRef(source),
    grid: {
      id: grid.id,
      name: grid.name,
      waves: grid.waves,
      byStakeholder: grid.byStakeholder,
      columns: grid.columns,
    },
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
