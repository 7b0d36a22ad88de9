import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { formResponses } from './forms.tables.js';

/**
 * Delete for good the team's responses deleted (to the bin) before `before`: the team's retention
 * period for deleted responses is over (settings module's periodic job). Returns how many went.
 */
export async function purgeDeletedResponses(db: Db, teamId: string, before: Date) {
  const gone = await db
    .delete(formResponses)
    .where(
      and(
        eq(formResponses.teamId, teamId),
        isNotNull(formResponses.deletedAt),
        lt(formResponses.deletedAt, before),
      ),
    )
    .returning({ id: formResponses.id });
  return gone.length;
}
