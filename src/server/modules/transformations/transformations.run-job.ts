import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/auth/auth.tables.js';
import { jobs } from '../../platform/jobs/index.js';
import { runUseCase, type WriteActor } from '../../platform/use-case/index.js';
import { channels } from '../../../shared/realtime/channels.js';
import type { JobProgress } from '../../../shared/datasets/datasets.pages.js';
import {
  beginVersion,
  columnsOf,
  computeStats,
  createDataset,
  failVersion,
  finishVersion,
  insertSelectStoppable,
  setVersionJob,
  StatementStopped,
} from '../datasets/index.js';
import { datasets, datasetVersions } from '../datasets/read-model.js';
import { runSelect } from './transformations.compile.js';
import { progressOf, runInPasses, RUN_CHUNKS } from './transformations.chunks.js';
import { diffCounts, type DiffSide } from './transformations.diff.js';
import { othersOf, sourceOf } from './transformations.source.js';
import { toDrizzle } from './transformations.sql.js';
import { compileWithQueries } from './transformations.query.js';
import { transformationRuns, transformations } from './transformations.tables.js';
import { CANCELLED, TRANSFORMATION_RUN } from './transformations.use-cases.js';

/**
 * The run job: the recipe compiled to one INSERT … SELECT into a new version of the output; on
 * PostgreSQL a cancel interrupts that statement. On PGlite the recipe is written in passes, chunk
 * by chunk (transformations.chunks.ts, runInPasses): pages get the connection between chunks, a
 * cancel takes effect at the next one (or when a step that runs alone, such as a dedupe, ends).
 */
export function registerRunJob(ctx: AppContext) {
  ctx.jobs.register(TRANSFORMATION_RUN, (payload, job) => runRecipe(ctx, payload.runId, job.id), {
    payload: z.object({ runId: z.string().uuid() }).strict(),
    maxAttempts: 2,
    // the worker died during the last attempt: fail the run (and the version it began) as its own
    // failure would, so the output's previous version stays current and the run is not left running
    onAbandoned: (payload, job) => abandonRun(ctx, payload.runId, job.id),
  });
}

const ABANDONED =
  'The run failed: it was stopped twice before it ended (the server or worker stopped). Run it again.';

async function abandonRun(ctx: AppContext, runId: string, jobId: string) {
  const [run] = await ctx.db
    .select()
    .from(transformationRuns)
    .where(eq(transformationRuns.id, runId));
  if (!run || (run.status !== 'queued' && run.status !== 'running')) return;
  const [t] = await ctx.db
    .select()
    .from(transformations)
    .where(eq(transformations.id, run.transformationId));
  const actor = await actorOf(ctx, run.teamId, run.createdBy);
  const versionId = run.versionId;
  await runUseCase(ctx, actor, async (uc) => {
    const [v] = versionId
      ? await uc.tx
          .select({ status: datasetVersions.status })
          .from(datasetVersions)
          .where(eq(datasetVersions.id, versionId))
      : [];
    if (versionId && v?.status === 'importing') await failVersion(uc, versionId, ABANDONED);
    else
      await uc.audit({
        action: 'transformation.run_failed',
        subject: { type: 'transformation', id: run.transformationId, label: t?.name ?? '' },
        details: { reason: ABANDONED.slice(0, 200) },
      });
    await uc.tx
      .update(transformationRuns)
      .set({ status: 'failed', failure: ABANDONED, finishedAt: new Date() })
      .where(eq(transformationRuns.id, run.id));
  });
  const progress: JobProgress = {
    done: 0,
    total: null,
    rate: null,
    etaSeconds: null,
    phase: 'failed',
  };
  await ctx.db
    .update(jobs)
    .set({ progress: progress as unknown as Record<string, unknown> })
    .where(eq(jobs.id, jobId));
  await ctx.realtime
    .publish(channels.team(run.teamId), 'job.failed', { jobId, progress })
    .catch(() => {});
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

class Cancelled extends Error {}

/** A user asked to stop this run (jobs.cancel_requested, set by `cancelRun`) */
async function cancelRequested(db: Db, jobId: string) {
  const [j] = await db.select({ c: jobs.cancelRequested }).from(jobs).where(eq(jobs.id, jobId));
  return j?.c ?? false;
}

async function checkCancel(db: Db, jobId: string) {
  if (await cancelRequested(db, jobId)) throw new Cancelled();
}

/** The output version the previous run published (the output's current version), if any */
async function baseOf(
  db: Db,
  outputId: string | null,
): Promise<(DiffSide & { id: string }) | null> {
  if (!outputId) return null;
  const [d] = await db.select().from(datasets).where(eq(datasets.id, outputId));
  if (!d?.currentVersionId) return null;
  const [v] = await db
    .select()
    .from(datasetVersions)
    .where(eq(datasetVersions.id, d.currentVersionId));
  return { id: v.id, relation: v.relation, columns: await columnsOf(db, v.id) };
}

async function runRecipe(ctx: AppContext, runId: string, jobId: string) {
  const [run] = await ctx.db
    .select()
    .from(transformationRuns)
    .where(eq(transformationRuns.id, runId));
  if (!run || (run.status !== 'queued' && run.status !== 'running')) return; // ended or cancelled
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
      p.phase === 'done'
        ? 'job.finished'
        : p.phase === 'failed' || p.phase === 'cancelled'
          ? 'job.failed'
          : 'job.progress';
    await ctx.realtime
      .publish(channels.team(run.teamId), event, { jobId, progress: p })
      .catch(() => {});
  };
  const phase = (p: JobProgress['phase'], done = 0, total: number | null = null) =>
    progress({ done, total, rate: null, etaSeconds: null, phase: p });
  // only a run still queued or running starts (a cancel may have come in meanwhile)
  const started = await ctx.db
    .update(transformationRuns)
    .set({ status: 'running' })
    .where(
      and(
        eq(transformationRuns.id, run.id),
        inArray(transformationRuns.status, ['queued', 'running']),
      ),
    )
    .returning({ id: transformationRuns.id });
  if (!started.length) return;
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
    if (!compiled.cols.length) throw new Error('The output has no columns.');
    await checkCancel(ctx.db, jobId);
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
      const base = await baseOf(uc.tx, outputId);
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
        .set({
          versionId: version.id,
          rowsIn,
          sourceVersionId: source.version!.id,
          diffBaseVersionId: base?.id ?? null,
        })
        .where(eq(transformationRuns.id, run.id));
      await uc.audit({
        action: 'transformation.run_writing',
        subject: { type: 'transformation', id: t.id, label: t.name },
        details: { output: outputId, version: version.number, columns: columns.length },
      });
      return { version, columns, base };
    });
    versionId = target.version.id;
    await phase('writing', 0, rowsIn);
    const into = {
      relation: target.version.relation,
      physical: target.columns.map((c) => c.physical),
    };
    // PGlite: in passes, chunk by chunk, the cancel checked between chunks; PostgreSQL: one
    // statement, a cancel interrupts it (pg_cancel_backend)
    const rowsOut =
      ctx.database.kind === 'pglite'
        ? await runInPasses(
            ctx.database,
            { id: run.id, source: source.recipe, steps: run.steps, whole: compiled, others },
            into,
            {
              chunkRows: { ...RUN_CHUNKS, now: () => performance.now() },
              between: async (done) => {
                await checkCancel(ctx.db, jobId);
                // the source's rows once per pass, never going back (progressOf)
                const p = progressOf(done, rowsIn);
                await phase('writing', p.done, p.total);
              },
            },
          )
        : await insertSelectStoppable(
            ctx.database,
            into,
            toDrizzle(runSelect(compiled), compiled.params.values),
            () => cancelRequested(ctx.db, jobId),
          ).catch((err: unknown) => {
            throw err instanceof StatementStopped ? new Cancelled() : err;
          });
    await checkCancel(ctx.db, jobId);
    await phase('finishing', rowsOut, rowsOut);
    await computeStats(ctx.db, target.version.id);
    // this output beside the previous run's, row by row (both tables are there until the finish)
    const base = target.base;
    const diff = base
      ? await diffCounts(ctx.db, base, {
          relation: target.version.relation,
          columns: target.columns,
        })
      : null;
    await runUseCase(ctx, actor, async (uc) => {
      // the cancel and this write lock the run's row: whichever comes second sees the other
      await uc.tx
        .select({ id: transformationRuns.id })
        .from(transformationRuns)
        .where(eq(transformationRuns.id, run.id))
        .for('update');
      await checkCancel(uc.tx, jobId);
      await finishVersion(uc, target.version.id, { rows: rowsOut });
      await uc.tx
        .update(transformationRuns)
        .set({
          status: 'done',
          rowsOut,
          finishedAt: new Date(),
          diffBaseRows: base ? await rowCountOf(uc.tx, base.id) : null,
          diffAdded: diff?.added ?? null,
          diffRemoved: diff?.removed ?? null,
          diffChanged: diff?.changed ?? null,
        })
        .where(eq(transformationRuns.id, run.id));
    });
    await phase('done', rowsOut, rowsOut);
  } catch (err) {
    const cancelled = err instanceof Cancelled;
    const reason = cancelled
      ? CANCELLED
      : `The run failed: ${(err instanceof Error ? err.message : String(err)).slice(0, 300)}`;
    const vid = versionId;
    await runUseCase(ctx, actor, async (uc) => {
      if (vid) await failVersion(uc, vid, reason, cancelled ? 'cancelled' : 'failed');
      else
        await uc.audit({
          action: cancelled ? 'transformation.run_cancelled' : 'transformation.run_failed',
          subject: { type: 'transformation', id: t.id, label: t.name },
          details: { reason: reason.slice(0, 200) },
        });
      await uc.tx
        .update(transformationRuns)
        .set({
          status: cancelled ? 'cancelled' : 'failed',
          failure: reason,
          finishedAt: new Date(),
        })
        .where(eq(transformationRuns.id, run.id));
    });
    await phase(cancelled ? 'cancelled' : 'failed');
  }
}

async function rowCountOf(db: Db, versionId: string) {
  const [v] = await db
    .select({ n: datasetVersions.rowCount })
    .from(datasetVersions)
    .where(eq(datasetVersions.id, versionId));
  return v ? Number(v.n) : null;
}
