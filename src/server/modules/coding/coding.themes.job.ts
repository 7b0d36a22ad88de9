import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { themeRuns, themes } from './coding.themes.tables.js';
import { discoverThemes, TooFewAnswers } from './coding.themes.js';
import { answerTexts, liveResponses } from './coding.queries.js';
import { intelligentColumns } from './coding.tables.js';
import { THEMES_DISCOVER } from './coding.themes.use-cases.js';

/** The discovery job: read the answers, cluster (progress per number of themes tried), store. */
export function registerThemesJob(ctx: AppContext) {
  ctx.jobs.register(THEMES_DISCOVER, (payload) => runDiscovery(ctx, payload.runId), {
    payload: z.object({ runId: z.string().uuid() }).strict(),
    maxAttempts: 1,
  });
}

async function runDiscovery(ctx: AppContext, runId: string) {
  const [run] = await ctx.db.select().from(themeRuns).where(eq(themeRuns.id, runId));
  if (!run || run.status === 'done' || run.status === 'failed') return;
  const [column] = await ctx.db
    .select()
    .from(intelligentColumns)
    .where(eq(intelligentColumns.id, run.columnId));
  if (!column) return;
  const progress = (set: Partial<typeof themeRuns.$inferInsert>) =>
    ctx.db.update(themeRuns).set(set).where(eq(themeRuns.id, run.id));
  try {
    await progress({ status: 'running', processed: 0, total: 0 });
    const docs = (await liveResponses(ctx.db, column.formId)).map((r) => ({
      responseId: r.id,
      seq: r.seq,
      answers: answerTexts(r.answers, column.questionKeys),
    }));
    const found = await discoverThemes(docs, run.kRequested, (done, total) =>
      progress({ processed: done, total }).then(() => undefined),
    );
    await ctx.db.transaction(async (tx) => {
      await tx.delete(themes).where(eq(themes.runId, run.id));
      if (found.themes.length > 0)
        await tx.insert(themes).values(
          found.themes.map((t, position) => ({
            teamId: run.teamId,
            runId: run.id,
            position,
            ...t,
          })),
        );
      await tx
        .update(themeRuns)
        .set({
          status: 'done',
          k: found.k,
          silhouette: found.silhouette,
          candidates: found.candidates,
          answered: found.answered,
          unclustered: found.unclustered,
          finishedAt: new Date(),
        })
        .where(eq(themeRuns.id, run.id));
    });
  } catch (err) {
    await progress({
      status: 'failed',
      error: (err as Error).message.slice(0, 500),
      finishedAt: new Date(),
    });
    if (!(err instanceof TooFewAnswers)) throw err;
  }
}
