import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { codedResponses } from '../coding/index.js';
import { Masker, stakeholderNames } from '../assistant/index.js';
import { countAiRequest } from '../settings/index.js';
import { gridCells, gridRuns, intelligentGrids } from './grids.tables.js';
import { cellsOfRows, latestGridRun } from './grids.queries.js';
import {
  sourceOfGrid,
  sourcePages,
  sourceQuestions,
  sourceRowTotal,
  sourceWaves,
  stakeholderColumnOf,
} from './grids.source.js';
import { computeCell, inputHash, type CellEnv, type CodedColumn } from './grids.cells.js';
import { SummaryBuilder } from './grids.summary.js';
import { GRID_RUN } from './grids.use-cases.js';

/**
 * The grid job: every cell of every row computed (or carried over from the previous finished run
 * when its inputs are the same), page by page with progress per page, then the summary and
 * `done`. A failed run is marked `failed` with its error and keeps no cells.
 */
export function registerGridJob(ctx: AppContext) {
  ctx.jobs.register(GRID_RUN, (payload) => runGrid(ctx, payload.runId), {
    payload: z.object({ runId: z.string().uuid() }).strict(),
    maxAttempts: 2,
  });
}

async function codedColumns(ctx: AppContext, teamId: string, ids: string[]) {
  const coded = new Map<string, CodedColumn | null>();
  for (const id of new Set(ids)) {
    try {
      coded.set(id, await codedResponses(ctx.db, teamId, id));
    } catch (err) {
      // a column deleted since the grid was saved: its cells are empty
      if (err instanceof AppError && err.status === 404) coded.set(id, null);
      else throw err;
    }
  }
  return coded;
}

/** source rows read (and cells computed and written) per page */
const PAGE_SIZE = 200;
/** with the model writing cells, a page is a few requests, so progress moves as they answer */
const MODEL_PAGE_SIZE = 10;

/**
 * One run: the source read a page at a time (`sourcePages`), each page's cells computed (or
 * carried over from the previous finished run: its cells of these rows are looked up per page),
 * written, and the progress updated; the summary is kept as running figures. Memory holds one
 * page, so it stays flat however large the source. The run's cells are only shown once it is
 * `done` (the page and the export read the last finished run). `pageSize` is for tests.
 */
export async function runGrid(ctx: AppContext, runId: string, opts: { pageSize?: number } = {}) {
  const [run] = await ctx.db.select().from(gridRuns).where(eq(gridRuns.id, runId));
  if (!run || run.status === 'done') return;
  const [grid] = await ctx.db
    .select()
    .from(intelligentGrids)
    .where(eq(intelligentGrids.id, run.gridId));
  if (!grid) return;
  try {
    // the form's responses or the dataset's current version's rows (grids.source.ts)
    const source = await sourceOfGrid(ctx.db, run.teamId, grid);
    const waves = await sourceWaves(ctx.db, source, grid.waves);
    const questions = await sourceQuestions(ctx.db, source);
    const grouped = grid.byStakeholder && stakeholderColumnOf(source) !== null;
    const ai = run.engine === 'model' ? ctx.config.ai : undefined;
    const env: CellEnv = {
      questions: new Map(questions.map((q) => [q.key, q])),
      coded: await codedColumns(
        ctx,
        run.teamId,
        grid.columns.flatMap((c) => (c.kind === 'intelligent' ? [c.columnId] : [])),
      ),
      model: ai
        ? {
            config: ai,
            masker: new Masker(await stakeholderNames(ctx.db, run.teamId)),
            grant: async () => (await countAiRequest(ctx.db, run.teamId, new Date())).allowed,
            calls: ctx.modelCalls,
          }
        : null,
      subject: source.kind === 'form' ? 'respondent' : grouped ? 'stakeholder_rows' : 'dataset_row',
    };
    const previous = await latestGridRun(ctx.db, grid.id, 'done');
    const total = await sourceRowTotal(ctx.db, source, waves);
    // a retried run starts again from its first page
    await ctx.db.delete(gridCells).where(eq(gridCells.runId, run.id));
    await ctx.db
      .update(gridRuns)
      .set({ status: 'running', total, processed: 0 })
      .where(eq(gridRuns.id, run.id));
    const summary = new SummaryBuilder(grid.columns, waves);
    let position = 0;
    let read = 0;
    let reused = 0;
    const pages = sourcePages(ctx.db, run.teamId, source, waves, {
      byStakeholder: grouped,
      pageSize: opts.pageSize ?? (ai ? MODEL_PAGE_SIZE : PAGE_SIZE),
    });
    for await (const page of pages) {
      const earlier = new Map(
        (previous && page.rows.length
          ? await cellsOfRows(
              ctx.db,
              previous.id,
              page.rows.map((r) => r.key),
            )
          : []
        ).map((c) => [`${c.rowKey}\u0000${c.columnKey}`, c]),
      );
      const cells: Array<typeof gridCells.$inferInsert> = [];
      for (const row of page.rows) {
        for (const column of grid.columns) {
          const hash = inputHash(column, row, env);
          const before = earlier.get(`${row.key}\u0000${column.key}`);
          const same = before !== undefined && before.inputHash === hash;
          const computed = same
            ? { value: before.value, citations: before.citations }
            : await computeCell(column, row, env);
          if (same) reused++;
          summary.add(column.key, computed.value);
          cells.push({
            teamId: run.teamId,
            runId: run.id,
            rowKey: row.key,
            rowLabel: row.label,
            position,
            columnKey: column.key,
            ...computed,
            inputHash: hash,
          });
        }
        position++;
      }
      for (let i = 0; i < cells.length; i += 500)
        await ctx.db.insert(gridCells).values(cells.slice(i, i + 500));
      read += page.read;
      await ctx.db
        .update(gridRuns)
        .set({ processed: Math.min(read, total) })
        .where(eq(gridRuns.id, run.id));
    }
    const labels = new Map(questions.map((q) => [q.key, q.label]));
    // done: the grid's rows (a grouped dataset's progress counted its dataset rows until now)
    await ctx.db
      .update(gridRuns)
      .set({
        status: 'done',
        processed: position,
        total: position,
        reused,
        summary: summary.result((k) => labels.get(k) ?? k),
        finishedAt: new Date(),
      })
      .where(eq(gridRuns.id, run.id));
  } catch (err) {
    await ctx.db.delete(gridCells).where(eq(gridCells.runId, run.id));
    await ctx.db
      .update(gridRuns)
      .set({
        status: 'failed',
        error: (err as Error).message.slice(0, 500),
        finishedAt: new Date(),
      })
      .where(eq(gridRuns.id, run.id));
    throw err;
  }
}
