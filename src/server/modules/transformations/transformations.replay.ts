import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { UseCase } from '../../platform/use-case/index.js';
import { onVersionPublished, type VersionPublished } from '../datasets/index.js';
import { transformationRuns, transformations } from './transformations.tables.js';
import { queueRun } from './transformations.use-cases.js';

/**
 * Replay: a recipe set to re-run automatically gets a run queued when a new version of its
 * source dataset is published, in the write that published it (the run exists only if the
 * version does). A recipe that already has a queued run is left alone (that run will read the
 * newest version). Only inserts here: the job checks that the recipe still compiles.
 */
export function registerReplay(ctx: AppContext) {
  onVersionPublished(ctx, replayOn);
}

async function replayOn(uc: UseCase, published: VersionPublished) {
  const recipes = await uc.tx
    .select()
    .from(transformations)
    .where(
      and(
        eq(transformations.teamId, uc.teamId),
        eq(transformations.sourceDatasetId, published.datasetId),
        eq(transformations.autoRun, true),
      ),
    );
  if (!recipes.length) return;
  const waiting = await uc.tx
    .select({ id: transformationRuns.transformationId })
    .from(transformationRuns)
    .where(
      and(
        inArray(
          transformationRuns.transformationId,
          recipes.map((r) => r.id),
        ),
        eq(transformationRuns.status, 'queued'),
      ),
    );
  const busy = new Set(waiting.map((w) => w.id));
  for (const t of recipes) if (!busy.has(t.id)) await queueRun(uc, t, published.versionId, 'auto');
}
