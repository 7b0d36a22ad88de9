import { desc, eq } from 'drizzle-orm';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import type { Db } from '../../platform/db/client.js';
import { auditActionLabel as actionLabel } from '../../../shared/audit-logs/action-labels.js';
import type { DashboardProps } from '../../../shared/core/core.pages.js';

/** The team's latest audit entries (never IPs, user agents or details). */
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
      subjectLabel: auditLogs.subjectLabel,
      createdAt: auditLogs.createdAt,
    })
    .from(auditLogs)
    .where(eq(auditLogs.teamId, teamId))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    label: actionLabel(r.action),
    createdAt: r.createdAt.toISOString(),
  }));
}
