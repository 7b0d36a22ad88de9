import type { auditLogs } from '../../platform/audit/audit.tables.js';
import { scrubSecrets } from '../../platform/audit/audit.js';
import { auditActionLabel } from '../../../shared/audit-logs/action-labels.js';
import type { AuditRowView } from '../../../shared/audit-logs/audit-logs.pages.js';

type AuditRow = Pick<
  typeof auditLogs.$inferSelect,
  | 'id'
  | 'actorName'
  | 'actorEmail'
  | 'action'
  | 'subjectType'
  | 'subjectLabel'
  | 'ip'
  | 'details'
  | 'createdAt'
>;

/** An audit row as the logs page shows it (secrets scrubbed again on the way out). */
export function auditRowProps(r: AuditRow): AuditRowView {
  return {
    id: r.id,
    who: r.actorName || r.actorEmail ? { name: r.actorName, email: r.actorEmail } : null,
    action: r.action,
    actionLabel: auditActionLabel(r.action),
    subject: r.subjectLabel ?? r.subjectType ?? null,
    subjectType: r.subjectType,
    ip: r.ip,
    details: r.details ? (scrubSecrets(r.details) as Record<string, unknown>) : null,
    createdAt: r.createdAt.toISOString(),
  };
}
