import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { formResponses } from './forms.tables.js';
import { removeResponseFiles } from './form-files.js';

/**
 * Delete for good the team's responses deleted (to the bin) before `before`: the team's retention
 * period for deleted responses is over (settings module's periodic job). Their uploaded files go
 * with them (rows now, bytes after the commit). Returns how many went.
 */
export async function purgeDeletedResponses(uc: UseCase, teamId: string, before: Date) {
  const doomed = and(
    eq(formResponses.teamId, teamId),
    isNotNull(formResponses.deletedAt),
    lt(formResponses.deletedAt, before),
  );
  const ids = (await uc.tx.select({ id: formResponses.id }).from(formResponses).where(doomed)).map(
    (r) => r.id,
  );
  await removeResponseFiles(uc, ids);
  const gone = await uc.tx.delete(formResponses).where(doomed).returning({ id: formResponses.id });
  return gone.length;
}
