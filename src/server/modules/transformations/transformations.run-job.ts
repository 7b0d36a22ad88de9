import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { users } from '../../platform/auth/auth.tables.js';
import { jobs } from '../../platform/jobs/index.js';
import { runUseCase, type WriteActor } from '../../platform/use-case/index.js';
import { channels } from '../../../shared/realtime/channels.js';
import type { JobProgress } from '../../../shared/datasets/datasets.pages.js';
import {
  beginVersion,
  computeStats,
  createDataset,
  failVersion,
  finishVersion,
  insertSelect,
  setVersionJob,
} from '../datasets/index.js';
import { datasets } from '../datasets/read-model.js';
import { runSelect } from './transformations.compile.js';
import { othersOf, sourceOf } from './transformations.source.js';
import { toDrizzle } from './transformations.sql.js';
import { compileWithQueries } from './transformations.query.js';
import { transformationRuns, transformations } from './transformations.tables.js';
import { TRANSFORMATION_RUN } from './transformations.use-cases.js';

/** The run job: the recipe compiled to one INSERT … SELECT into a new version of the output */
export function registerRunJob(ctx: AppContext) {
  ctx.jobs.register(TRANSFORMATION_RUN, (payload, job) => runRecipe(ctx, payload.runId, job.id), {
    payload: z.object({ runId: z.string().uuid() }).strict(),
    maxAttempts: 2,
  });
}

async function actorOf(
  ctx: AppContext,
  teamId: string,
  userId: string | null,
): Promise<WriteActor> {
  const [u] = userId ? await ctx.db.select().from(users).where(eq(users.id, userId)) : [];
  return {
    userId: u?.id ?? '',
    name: u?.name ?? 'Transformation job',
    email: u?.email ?? '',
    teamId,
    role: null,
    tokenId: null,
    ip: null,
    userAgent: 'job transformation.run',
  };
}

async function runRecipe(ctx: AppContext, runId: string, jobId: string) {
  const [run] = await ctx.db
    .select()
    .from(transformationRuns)
    .where(eq(transformationRuns.id, runId));
  if (!run || run.status === 'done' || run.status === 'failed') return;
  const [t] = await ctx.db
    .select()
    .from(transformations)
    .where(eq(transformations.id, run.transformationId));
  if (!t) return;
  const actor = await actorOf(ctx, run.teamId, run.createdBy);
  // a retry after the worker stopped mid-run: the half-written version goes, the run starts again
  const leftover = run.status === 'running' ? run.versionId : null;
  if (leftover)
    await runUseCase(ctx, actor, (uc) =>
      failVersion(uc, leftover, 'The worker stopped during the run; it was started again.'),
    );
  const progress = async (p: JobProgress) => {
    await ctx.db
      .update(jobs)
      .set({ progress: p as unknown as Record<string, unknown> })
      .where(eq(jobs.id, jobId));
    const event =
      p.phase === 'done' ? 'job.finished' : p.phase === 'failed' ? 'job.failed' : 'job.progress';
    await ctx.realtime
      .publish(channels.team(run.teamId), event, { jobId, progress: p })
      .catch(() => {});
  };
  const phase = (p: JobProgress['phase'], done = 0, total: number | null = null) =>
    progress({ done, total, rate: null, etaSeconds: null, phase: p });
  await ctx.db
    .update(transformationRuns)
    .set({ status: 'running' })
    .where(eq(transformationRuns.id, run.id));
  let versionId: string | null = null;
  try {
    await phase('reading');
    const source = await sourceOf(ctx.db, run.teamId, t.sourceDatasetId);
    if (!source.version) throw new Error('The source dataset has no data.');
    const rowsIn = Number(source.version.rowCount);
    const others = await othersOf(ctx.db, run.teamId, t.projectId, run.steps);
    const compiled = await compileWithQueries(ctx.db, source.recipe, run.steps, { others });
    if (compiled.error)
      throw new Error(`Step ${compiled.error.stepIndex + 1}: ${compiled.error.message}`);
    const target = await runUseCase(ctx, actor, async (uc) => {
      let outputId = t.outputDatasetId;
      const [exists] = outputId
        ? await uc.tx.select({ id: datasets.id }).from(datasets).where(eq(datasets.id, outputId))
        : [];
      if (!exists) {
        const d = await createDataset(uc, {
          projectId: t.projectId,
          name: t.name,
          origin: 'transformation',
          originId: t.id,
        });
        outputId = d.id;
        await uc.tx
          .update(transformations)
          .set({ outputDatasetId: d.id })
          .where(eq(transformations.id, t.id));
      }
      const { version, columns } = await beginVersion(
        uc,
        outputId!,
        compiled.cols.map((c) => ({
          key: c.key,
          label: c.label,
          type: c.type,
          sourceColumn: null,
        })),
        null,
        { lineage: true },
      );
      await setVersionJob(uc.tx, version.id, jobId);
      await uc.tx
        .update(transformationRuns)
        .set({ versionId: version.id, rowsIn })
        .where(eq(transformationRuns.id, run.id));
      await uc.audit({
        action: 'transformation.run_writing',
        subject: { type: 'transformation', id: t.id, label: t.name },
        details: { output: outputId, version: version.number, columns: columns.length },
      });
      return { version, physical: columns.map((c) => c.physical) };
    });
    versionId = target.version.id;
    await phase('writing', 0, rowsIn);
    const rowsOut = await insertSelect(
      ctx.db,
      { relation: target.version.relation, physical: target.physical },
      toDrizzle(runSelect(compiled), compiled.params.values),
    );
    await phase('finishing', rowsOut, rowsOut);
    await computeStats(ctx.db, target.version.id);
    await runUseCase(ctx, actor, async (uc) => {
      await finishVersion(uc, target.version.id, { rows: rowsOut });
      await uc.tx
        .update(transformationRuns)
        .set({ status: 'done', rowsOut, finishedAt: new Date() })
        .where(eq(transformationRuns.id, run.id));
    });
    await phase('done', rowsOut, rowsOut);
  } catch (err) {
    const reason = `The run failed: ${(err instanceof Error ? err.message : String(err)).slice(0, 300)}`;
    const vid = versionId;
    await runUseCase(ctx, actor, async (uc) => {
      if (vid) await failVersion(uc, vid, reason);
      else
        await uc.audit({
          action: 'transformation.run_failed',
          subject: { type: 'transformation', id: t.id, label: t.name },
          details: { reason: reason.slice(0, 200) },
        });
      await uc.tx
        .update(transformationRuns)
        .set({ status: 'failed', failure: reason, finishedAt: new Date() })
        .where(eq(transformationRuns.id, run.id));
    });
    await phase('failed');
  }
}
