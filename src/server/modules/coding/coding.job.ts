import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { AppliedCode } from '../../../shared/coding/coding.js';
import type { RunDiff, RunRefusal } from '../../../shared/coding/coding.pages.js';
import { codingDecisions, codingRuns, intelligentColumns } from './coding.tables.js';
import { codeAnswers, compileCodebook } from './coding.engine.js';
import { codeWithModel } from './coding.model.js';
import { MODEL_ENGINE } from './coding.kinds.engines.js';
import { modelCoderFor } from './coding.model.base.js';
import {
  answerTexts,
  codebookOf,
  decisionsOf,
  latestRun,
  liveResponses,
  trainingExamples,
} from './coding.queries.js';
import { CODING_RUN } from './coding.use-cases.js';
import { CLASSIFIER_ENGINE } from './coding.classifier.js';
import { classifierDecisions } from './coding.classifier.run.js';

const CHUNK = 200;
const MAX_DIFF_QUOTES = 20;

/**
 * The run job: code every live response (by the offline rules, or by the model in batches when the
 * run's engine is `model`), report progress per chunk, store all decisions (and the model's
 * refusals) at once.
 */
export function registerCodingJob(ctx: AppContext) {
  ctx.jobs.register(CODING_RUN, (payload) => runCoding(ctx, payload.runId), {
    payload: z.object({ runId: z.string().uuid() }).strict(),
    maxAttempts: 2,
  });
}

async function runCoding(ctx: AppContext, runId: string) {
  const [run] = await ctx.db.select().from(codingRuns).where(eq(codingRuns.id, runId));
  if (!run || run.status === 'done') return;
  const [column] = await ctx.db
    .select()
    .from(intelligentColumns)
    .where(eq(intelligentColumns.id, run.columnId));
  if (!column) return;
  try {
    const previous = await latestRun(ctx.db, column.id, 'done');
    const codebook = await codebookOf(ctx.db, column.id, run.codebookVersion);
    const compiled = compileCodebook(codebook);
    const responses = await liveResponses(ctx.db, column.formId);
    await ctx.db
      .update(codingRuns)
      .set({ status: 'running', total: responses.length, processed: 0 })
      .where(eq(codingRuns.id, run.id));
    const rows: Array<typeof codingDecisions.$inferInsert> = [];
    let refusals: RunRefusal[] | null = null;
    const decision = (
      responseId: string,
      codes: AppliedCode[],
      sentiment: number | null,
      engineVersion = run.engineVersion,
    ) => ({
      teamId: run.teamId,
      runId: run.id,
      responseId,
      codes,
      sentiment,
      engine: run.engine,
      engineVersion,
      codebookVersion: run.codebookVersion,
    });
    if (run.engine === CLASSIFIER_ENGINE) {
      const coded = classifierDecisions(
        column,
        run.codebookVersion,
        compiled,
        await trainingExamples(ctx.db, column),
        responses,
      );
      for (const d of coded.decisions)
        rows.push(decision(d.responseId, d.codes, d.sentiment, d.engineVersion));
      // the version names the training set the job really used (a code given since the start
      // counts)
      await ctx.db
        .update(codingRuns)
        .set({ engineVersion: coded.version, processed: responses.length })
        .where(eq(codingRuns.id, run.id));
    } else if (run.engine === MODEL_ENGINE) {
      const coder = await modelCoderFor(ctx, run.teamId, run.engineVersion);
      const items = responses.map((r) => ({
        responseId: r.id,
        seq: r.seq,
        answers: answerTexts(r.answers, column.questionKeys),
      }));
      const result = await codeWithModel(
        coder,
        codebook,
        items.filter((x) => x.answers.length > 0),
        async (done) => {
          await ctx.db.update(codingRuns).set({ processed: done }).where(eq(codingRuns.id, run.id));
        },
      );
      refusals = result.refusals;
      for (const item of items) {
        const codes = item.answers.length ? result.coded.get(item.responseId) : [];
        // a response in a refused batch is not coded: no decision, so it counts nowhere
        if (codes)
          rows.push(decision(item.responseId, codes, codeAnswers(item.answers, []).sentiment));
      }
    } else
      for (let i = 0; i < responses.length; i += CHUNK) {
        for (const r of responses.slice(i, i + CHUNK)) {
          const { codes, sentiment } = codeAnswers(
            answerTexts(r.answers, column.questionKeys),
            compiled,
          );
          rows.push(decision(r.id, codes, sentiment));
        }
        await ctx.db
          .update(codingRuns)
          .set({ processed: Math.min(responses.length, i + CHUNK) })
          .where(eq(codingRuns.id, run.id));
      }
    const diff = previous
      ? diffRuns(
          await decisionsOf(ctx.db, previous.id),
          rows,
          responses,
          column.questionKeys,
          codebook,
          previous.codebookVersion,
          run.codebookVersion,
        )
      : null;
    await ctx.db.transaction(async (tx) => {
      await tx.delete(codingDecisions).where(eq(codingDecisions.runId, run.id));
      for (let i = 0; i < rows.length; i += 500)
        await tx.insert(codingDecisions).values(rows.slice(i, i + 500));
      await tx
        .update(codingRuns)
        .set({
          status: 'done',
          processed: responses.length,
          diff,
          refusals,
          finishedAt: new Date(),
        })
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

/** Which responses gained and lost each code between the previous run and this one. */
function diffRuns(
  before: Array<{ responseId: string; codes: AppliedCode[] }>,
  after: Array<{ responseId: string; codes: AppliedCode[] }>,
  responses: Array<{ id: string; seq: number; answers: Record<string, unknown> }>,
  keys: string[],
  codebook: Array<{ key: string; label: string }>,
  previousCodebookVersion: number,
  codebookVersion: number,
): RunDiff {
  const had = new Map(before.map((d) => [d.responseId, new Set(d.codes.map((c) => c.code))]));
  const has = new Map(after.map((d) => [d.responseId, new Set(d.codes.map((c) => c.code))]));
  const codeKeys = new Set([...codebook.map((c) => c.key)]);
  for (const s of had.values()) for (const k of s) codeKeys.add(k);
  const label = new Map(codebook.map((c) => [c.key, c.label]));
  const quote = (r: (typeof responses)[number]) => ({
    responseId: r.id,
    seq: r.seq,
    text: answerTexts(r.answers, keys)
      .map((a) => a.text)
      .join(' / ')
      .slice(0, 300),
  });
  const codes = [...codeKeys].map((code) => {
    const gained: RunDiff['codes'][number]['gained'] = [];
    const lost: RunDiff['codes'][number]['lost'] = [];
    let gainedCount = 0;
    let lostCount = 0;
    for (const r of responses) {
      const was = had.get(r.id)?.has(code) ?? false;
      const is = has.get(r.id)?.has(code) ?? false;
      if (is && !was && gainedCount++ < MAX_DIFF_QUOTES) gained.push(quote(r));
      if (was && !is && lostCount++ < MAX_DIFF_QUOTES) lost.push(quote(r));
    }
    return {
      code,
      label: label.get(code) ?? `${code} (removed)`,
      gainedCount,
      lostCount,
      gained,
      lost,
    };
  });
  return { previousCodebookVersion, codebookVersion, codes };
}
