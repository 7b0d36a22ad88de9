import { and, eq, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { removeStored } from '../../platform/files/uploads.js';
import { imagePath } from './community.images.js';
import { communityImages } from './community.tables.js';

declare module '../../platform/jobs/registry.js' {
  interface JobPayloads {
    'community.prune-images': Record<string, never>;
  }
}

/** An image uploaded into the editor and never posted is deleted this long after its upload */
export const IMAGE_RETENTION_MS = 24 * 60 * 60 * 1000;
/** how often the worker runs the clean-up */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Delete the community images uploaded more than `IMAGE_RETENTION_MS` before `now` that no thread
 * or post shows (a thread's opening post or a post ties the images its body shows when it is
 * saved): the row, then its file. Each row is deleted by id only if it is still unposted (a post
 * saved meanwhile keeps it). Returns how many images were deleted.
 */
export async function pruneCommunityImages(ctx: AppContext, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IMAGE_RETENTION_MS);
  const unposted = and(
    isNull(communityImages.threadId),
    isNull(communityImages.postId),
    lt(communityImages.createdAt, cutoff),
  );
  const stale = await ctx.db
    .select({ id: communityImages.id, communityId: communityImages.communityId })
    .from(communityImages)
    .where(unposted);
  let removed = 0;
  for (const image of stale) {
    const hit = await ctx.db
      .delete(communityImages)
      .where(and(eq(communityImages.id, image.id), unposted))
      .returning({ id: communityImages.id });
    if (!hit.length) continue;
    await removeStored(imagePath(ctx.config.dataDir, image.communityId, image.id));
    removed++;
  }
  return removed;
}

/** `community.prune-images`: run by the worker every hour (HandlerOptions.everyMs) */
export function registerPruneImagesJob(ctx: AppContext) {
  ctx.jobs.register(
    'community.prune-images',
    async () => void (await pruneCommunityImages(ctx, new Date())),
    {
      payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
      maxAttempts: 1,
      everyMs: PRUNE_EVERY_MS,
    },
  );
}
