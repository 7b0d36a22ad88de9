import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { codedResponses } from '../coding/index.js';
import { Masker, stakeholderNames } from '../assistant/index.js';
import { countAiRequest } from '../settings/index.js';
import { gridCells, gridRuns, intelligentGrids } from './grids.tables.js';
import { cellsOf, latestGridRun } from './grids.queries.js';
import { sourceOfGrid, sourceQuestions, sourceRows, sourceWaves } from './grids.source.js';
import { computeCell, inputHash, type CellEnv, type CodedColumn } from './grids.cells.js';
import { summarize } from './grids.summary.js';
import { GRID_RUN } from './grids.use-cases.js';

/** rows between two progress updates */
const PROGRESS_EVERY = 10;

/**
 * The grid job: every cell of every row computed (or carried over from the previous finished run
 * when its inputs are the same), progress per few rows, then all cells, the summary and `done`
 * written in one transaction. A failed run is marked `failed` with its error and keeps no cells.
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

async function runGrid(ctx: AppContext, runId: string) {
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
    const rows = await sourceRows(ctx.db, run.teamId, source, waves);
    const questions = await sourceQuestions(ctx.db, source);
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
    };
    const previous = await latestGridRun(ctx.db, grid.id, 'done');
    const earlier = new Map(
      (previous ? await cellsOf(ctx.db, previous.id) : []).map((c) => [
        `${c.rowKey}\u0000${c.columnKey}`,
        c,
      ]),
    );
    await ctx.db
      .update(gridRuns)
      .set({ status: 'running', total: rows.length, processed: 0 })
      .where(eq(gridRuns.id, run.id));
    const cells: Array<typeof gridCells.$inferInsert> = [];
    let reused = 0;
    for (const [position, row] of rows.entries()) {
      for (const column of grid.columns) {
        const hash = inputHash(column, row, env);
        const before = earlier.get(`${row.key}\u0000${column.key}`);
        const computed =
          before && before.inputHash === hash
            ? { value: before.value, citations: before.citations }
            : await computeCell(column, row, env);
        if (before && before.inputHash === hash) reused++;
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
      if ((position + 1) % PROGRESS_EVERY === 0)
        await ctx.db
          .update(gridRuns)
          .set({ processed: position + 1 })
          .where(eq(gridRuns.id, run.id));
    }
    const labels = new Map(questions.map((q) => [q.key, q.label]));
    const summary = summarize(
      grid.columns,
      waves,
      cells.map((c) => ({ columnKey: c.columnKey, value: c.value })),
      (k) => labels.get(k) ?? k,
    );
    await ctx.db.transaction(async (tx) => {
      await tx.delete(gridCells).where(eq(gridCells.runId, run.id));
      for (let i = 0; i < cells.length; i += 500)
        await tx.insert(gridCells).values(cells.slice(i, i + 500));
      await tx
        .update(gridRuns)
        .set({
          status: 'done',
          processed: rows.length,
          reused,
          summary,
          finishedAt: new Date(),
        })
        .where(eq(gridRuns.id, run.id));
    });
  } catch (err) {
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
