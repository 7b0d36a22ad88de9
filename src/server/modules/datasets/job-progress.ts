import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { jobs } from '../../platform/jobs/index.js';
import { channels } from '../../../shared/realtime/channels.js';
import type { JobProgress } from '../../../shared/datasets/datasets.pages.js';

/**
 * An import job's progress: written to `jobs.progress` and published on the team's channel at most
 * once a second (`force` for the phases that must be seen: done, failed, cancelled).
 */
export function jobProgressReporter(ctx: AppContext, jobId: string, teamId: string) {
  const channel = channels.team(teamId);
  let last = 0;
  return async (p: JobProgress, force = false) => {
    const now = Date.now();
    if (!force && now - last < 1000) return;
    last = now;
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
    await ctx.realtime.publish(channel, event, { jobId, progress: p }).catch(() => {});
  };
}
