import { desc, eq } from 'drizzle-orm';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import type { Db } from '../../platform/db/client.js';
import { auditSentence } from '../../../shared/audit-logs/sentences.js';
import type { DashboardProps } from '../../../shared/core/core.pages.js';

/** The team's latest audit entries as the logs page's sentences (never IPs, user agents or details). */
export async function recentTeamActivity(
  db: Db,
  teamId: string,
  limit = 10,
): Promise<DashboardProps['activity']> {
  const rows = await db
    .select({
      id: auditLogs.id,
      action: auditLogs.action,
      actorName: auditLogs.actorName,
      actorEmail: auditLogs.actorEmail,
      subjectLabel: auditLogs.subjectLabel,
      createdAt: auditLogs.createdAt,
    })
    .from(auditLogs)
    .where(eq(auditLogs.teamId, teamId))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    sentence: auditSentence(r),
    actorName: r.actorName,
    subjectLabel: r.subjectLabel,
    createdAt: r.createdAt.toISOString(),
  }));
}
