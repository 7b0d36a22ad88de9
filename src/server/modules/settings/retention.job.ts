import { isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { runUseCase } from '../../platform/use-case/index.js';
import { formResponses } from '../forms/read-model.js';
import { purgeDeletedResponses } from '../forms/index.js';
import { readSettings } from './settings.queries.js';

const DAY_MS = 86_400_000;

/**
 * Deleted responses stay restorable for the team's retention period (settings, general), then go
 * for good: one use case per team with such responses, audited as the retention job.
 */
export async function purgeExpiredResponses(ctx: AppContext, now: Date) {
  const teams = await ctx.db
    .selectDistinct({ teamId: formResponses.teamId })
    .from(formResponses)
    .where(isNotNull(formResponses.deletedAt));
  let total = 0;
  for (const { teamId } of teams) {
    const { retentionDays } = await readSettings(ctx.db, teamId);
    const before = new Date(now.getTime() - retentionDays * DAY_MS);
    total += await runUseCase(
      ctx,
      {
        userId: '',
        name: 'Retention job',
        email: '',
        teamId,
        role: null,
        tokenId: null,
        ip: null,
        userAgent: 'job settings.purge-deleted-responses',
      },
      async (uc) => {
        const n = await purgeDeletedResponses(uc, teamId, before);
        if (!n) {
          uc.unaudited('nothing was past the retention period');
          return 0;
        }
        await uc.audit({
          action: 'settings.responses_purged',
          subject: { type: 'team', id: teamId },
          details: { responses: n, retentionDays },
        });
        return n;
      },
    );
  }
  return total;
}

export function registerRetentionJob(ctx: AppContext) {
  ctx.jobs.register(
    'settings.purge-deleted-responses',
    () => purgeExpiredResponses(ctx, new Date()).then(() => undefined),
    { everyMs: 6 * 60 * 60_000 },
  );
}
