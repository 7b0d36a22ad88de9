import type { TablePage } from '../table/table-query.js';

/** Props of the logs page (modules/audit-logs/audit-logs.props.ts). */

/** An audit row as the logs page shows it (secrets scrubbed). */
export interface AuditRowView {
  id: string;
  who: { name: string | null; email: string | null } | null;
  action: string;
  actionLabel: string;
  subject: string | null;
  subjectType: string | null;
  ip: string | null;
  details: Record<string, unknown> | null;
  createdAt: string;
}

interface LogFilterOption {
  value: string;
  label: string;
}

export interface LogFilters {
  action: string | null;
  user: string | null;
  from: string | null;
  to: string | null;
}

export interface LogsIndexProps {
  logs: TablePage<AuditRowView>;
  filters: LogFilters;
  options: { actions: LogFilterOption[]; users: LogFilterOption[] };
}
