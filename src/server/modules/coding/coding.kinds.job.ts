import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { codingDecisions, codingRuns, intelligentColumns } from './coding.tables.js';
import { answerTexts, liveResponses } from './coding.queries.js';
import { rubricOf, rubricVerificationsOf } from './coding.kinds.queries.js';
import { CODING_KIND_RUN } from './coding.kinds.use-cases.js';
import { analyse, type AnalysedResponse } from './coding.analyse.js';
import { codeAnswers } from './coding.engine.js';
import { scoreRubric } from './coding.rubric.js';
import { summariseColumn } from './coding.summary.js';
import { summariseWithModel } from './coding.summary.model.js';
import { formWaves } from '../forms/index.js';
import { modelCoderFor } from './coding.model.base.js';
import { MODEL_ENGINE } from './coding.kinds.engines.js';
import type { ColumnSummary } from '../../../shared/coding/kinds.js';

const CHUNK = 200;

/**
 * The run job of sentiment, rubric and summary columns: read every live response (progress per
 * chunk), then store all decisions (sentiment, rubric) or the summary with `done` in one
 * transaction. A summary run by the model (engine `model`) sends the answers in batches instead
 * (progress per batch; per wave, in the form's order, when the form has waves), then merges the
 * batches' statements by more requests (in rounds when there are many), and stores what it refused beside the summary. A failed run is marked
 * `failed` and leaves no decisions.
 */
export function registerKindJob(ctx: AppContext) {
  ctx.jobs.register(CODING_KIND_RUN, (payload) => runKind(ctx, payload.runId), {
    payload: z.object({ runId: z.string().uuid() }).strict(),
    maxAttempts: 2,
  });
}

async function runKind(ctx: AppContext, runId: string) {
  const [run] = await ctx.db.select().from(codingRuns).where(eq(codingRuns.id, runId));
  if (!run || run.status === 'done') return;
  const [column] = await ctx.db
    .select()
    .from(intelligentColumns)
    .where(eq(intelligentColumns.id, run.columnId));
  if (!column) return;
  try {
    const responses = await liveResponses(ctx.db, column.formId);
    const waves = await formWaves(ctx.db, column.formId);
    await ctx.db
      .update(codingRuns)
      .set({ status: 'running', total: responses.length, processed: 0 })
      .where(eq(codingRuns.id, run.id));
    const analysed: AnalysedResponse[] = [];
    if (column.kind === 'summary' && run.engine === MODEL_ENGINE) {
      const coder = await modelCoderFor(ctx, run.teamId, run.engineVersion);
      const items = responses
        .map((r) => ({
          responseId: r.id,
          seq: r.seq,
          wave: r.wave,
          answers: answerTexts(r.answers, column.questionKeys),
        }))
        .filter((x) => x.answers.length > 0);
      await ctx.db.update(codingRuns).set({ total: items.length }).where(eq(codingRuns.id, run.id));
      // the progress bar counts the answers sent; the run's total is every live response after
      const { summary, refusals } = await summariseWithModel(
        coder,
        items,
        async (done) => {
          await ctx.db.update(codingRuns).set({ processed: done }).where(eq(codingRuns.id, run.id));
        },
        { waves, fanIn: ctx.config.ai?.summaryMergeFanIn },
      );
      await ctx.db
        .update(codingRuns)
        .set({
          status: 'done',
          total: responses.length,
          processed: responses.length,
          summary,
          refusals,
          finishedAt: new Date(),
        })
        .where(eq(codingRuns.id, run.id));
      return;
    }
    const sentiments = new Map<string, number | null>();
    for (let i = 0; i < responses.length; i += CHUNK) {
      for (const r of responses.slice(i, i + CHUNK)) {
        const answers = answerTexts(r.answers, column.questionKeys);
        if (column.kind === 'sentiment') sentiments.set(r.id, codeAnswers(answers, []).sentiment);
        else analysed.push(analyse(r, answers));
      }
      await ctx.db
        .update(codingRuns)
        .set({ processed: Math.min(responses.length, i + CHUNK) })
        .where(eq(codingRuns.id, run.id));
    }
    const base = {
      teamId: run.teamId,
      runId: run.id,
      codes: [],
      engine: run.engine,
      engineVersion: run.engineVersion,
      codebookVersion: 0,
    };
    let rows: Array<typeof codingDecisions.$inferInsert> = [];
    let summary: ColumnSummary | null = null;
    if (column.kind === 'sentiment')
      rows = responses.map((r) => ({
        ...base,
        responseId: r.id,
        sentiment: sentiments.get(r.id) ?? null,
      }));
    if (column.kind === 'rubric') {
      const version = run.rubricVersion ?? column.rubricVersion;
      const levels = await rubricOf(ctx.db, column.id, version);
      const human = new Map(
        (await rubricVerificationsOf(ctx.db, column.id)).map((v) => [v.responseId, v.level]),
      );
      const scores = scoreRubric(levels, analysed, human, version);
      rows = responses.map((r) => ({
        ...base,
        responseId: r.id,
        rubric: scores.get(r.id) ?? null,
      }));
    }
    if (column.kind === 'summary') summary = summariseColumn(analysed, waves);
    await ctx.db.transaction(async (tx) => {
      await tx.delete(codingDecisions).where(eq(codingDecisions.runId, run.id));
      for (let i = 0; i < rows.length; i += 500)
        await tx.insert(codingDecisions).values(rows.slice(i, i + 500));
      await tx
        .update(codingRuns)
        .set({ status: 'done', processed: responses.length, summary, finishedAt: new Date() })
        .where(eq(codingRuns.id, run.id));
    });
  } catch (err) {
    await ctx.db
      .update(codingRuns)
      .set({
        status: 'failed',
        error: (err as Error).message.slice(0, 500),
        finishedAt: new Date(),
      })
      .where(eq(codingRuns.id, run.id));
    throw err;
  }
}
