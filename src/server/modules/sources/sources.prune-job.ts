import { and, eq, inArray, isNull, lt, notExists, or } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { jobs } from '../../platform/jobs/index.js';
import { datasetVersions } from '../datasets/read-model.js';
import { removeStored, storedPath } from './sources.files.js';
import { sourceFiles } from './sources.tables.js';

declare module '../../platform/jobs/registry.js' {
  interface JobPayloads {
    'sources.prune-uploads': Record<string, never>;
  }
}

/** An upload not imported within this time after it was uploaded is deleted (docs/operations.md) */
export const UPLOAD_RETENTION_MS = 24 * 60 * 60 * 1000;
/** how often the worker runs the clean-up */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** The version this file feeds has an import job that is queued or running */
const importPending = (db: Db) =>
  db
    .select({ id: datasetVersions.id })
    .from(datasetVersions)
    .innerJoin(jobs, eq(jobs.id, datasetVersions.jobId))
    .where(
      and(
        eq(datasetVersions.id, sourceFiles.versionId),
        inArray(jobs.status, ['queued', 'running']),
      ),
    );

/**
 * Delete the uploads still on disk `UPLOAD_RETENTION_MS` after their upload (as of `now`) whose
 * import is not queued or running: a file never imported goes with its row; a file whose import
 * ended without removing it (the process died) is removed and its row, which names the version's
 * file, kept as `stored = false`. Each row is changed by id and team, and only if it still
 * qualifies (an import started meanwhile keeps it). Returns how many files were removed.
 */
export async function pruneUploads(ctx: AppContext, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UPLOAD_RETENTION_MS);
  const stale = and(
    eq(sourceFiles.stored, true),
    lt(sourceFiles.createdAt, cutoff),
    or(isNull(sourceFiles.versionId), notExists(importPending(ctx.db))),
  );
  const candidates = await ctx.db
    .select({ id: sourceFiles.id, teamId: sourceFiles.teamId, versionId: sourceFiles.versionId })
    .from(sourceFiles)
    .where(stale);
  let removed = 0;
  for (const f of candidates) {
    const same = and(eq(sourceFiles.id, f.id), eq(sourceFiles.teamId, f.teamId), stale);
    const hit = f.versionId
      ? await ctx.db
          .update(sourceFiles)
          .set({ stored: false })
          .where(same)
          .returning({ id: sourceFiles.id })
      : await ctx.db
          .delete(sourceFiles)
          .where(and(same, isNull(sourceFiles.versionId)))
          .returning({ id: sourceFiles.id });
    if (!hit.length) continue;
    await removeStored(storedPath(ctx.config.dataDir, f.teamId, f.id));
    removed++;
  }
  return removed;
}

/** `sources.prune-uploads`: run by the worker every hour (HandlerOptions.everyMs) */
export function registerPruneUploadsJob(ctx: AppContext) {
  ctx.jobs.register(
    'sources.prune-uploads',
    async () => void (await pruneUploads(ctx, new Date())),
    {
      payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
      maxAttempts: 1,
      everyMs: PRUNE_EVERY_MS,
    },
  );
}
