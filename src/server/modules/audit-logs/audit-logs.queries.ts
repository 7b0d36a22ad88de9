import { and, asc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { teamMembers, users } from '../../platform/auth/auth.tables.js';
import {
  escapeLike,
  parseTableQuery,
  specParseOptions,
  tableQuery,
  type TableQuery,
} from '../../platform/http/table-query.js';
import { searchTerms } from '../../../shared/table/table-query.js';
import { AUDIT_ACTION_LABELS } from '../../../shared/audit-logs/action-labels.js';
import type { AuditLogFilters } from '../../../shared/audit-logs/audit-logs.schemas.js';

/** A team's trail: its own entries, plus account entries (no team) of its current members. */
function teamScope(db: Db, teamId: string): SQL {
  const members = db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.organizationId, teamId));
  return or(
    eq(auditLogs.teamId, teamId),
    and(isNull(auditLogs.teamId), inArray(auditLogs.userId, members)),
  )!;
}

const SEARCHED = [
  auditLogs.actorName,
  auditLogs.actorEmail,
  auditLogs.action,
  auditLogs.subjectLabel,
  auditLogs.ip,
];

/**
 * The search, word by word like every table (each word must match somewhere). A word also matches
 * the plain-words label of an action: "signed in" finds auth.login.
 */
function logSearch(search: string): SQL | undefined {
  const words = searchTerms(search);
  if (!words.length) return undefined;
  return and(
    ...words.map((w) => {
      const needle = w.toLowerCase();
      const labelled = Object.entries(AUDIT_ACTION_LABELS)
        .filter(([, label]) => label.toLowerCase().includes(needle))
        .map(([action]) => action);
      const pattern = `%${escapeLike(w)}%`;
      return or(
        ...SEARCHED.map((c) => ilike(c, pattern)),
        ...(labelled.length ? [inArray(auditLogs.action, labelled)] : []),
      )!;
    }),
  );
}

function filterWhere(f: AuditLogFilters): SQL[] {
  const where: SQL[] = [];
  if (f.action) where.push(eq(auditLogs.action, f.action));
  if (f.user) where.push(eq(auditLogs.userId, f.user));
  if (f.from) where.push(gte(auditLogs.createdAt, new Date(`${f.from}T00:00:00.000Z`)));
  if (f.to)
    where.push(lt(auditLogs.createdAt, new Date(Date.parse(`${f.to}T00:00:00.000Z`) + 86_400_000)));
  return where;
}

const SPEC = {
  sortable: {
    created_at: auditLogs.createdAt,
    action: auditLogs.action,
    // by name, and by email for entries without one
    actor: sql`lower(coalesce(${auditLogs.actorName}, ${auditLogs.actorEmail}))`,
    ip: auditLogs.ip,
  },
  defaultSort: 'created_at',
  defaultDir: 'desc' as const,
};

/** The table part of the query string (page, perPage, search, sort, dir) with the logs' sort keys. */
export const parseLogTableQuery = (raw: unknown): TableQuery =>
  parseTableQuery(raw, specParseOptions(SPEC));

/** One page of the team's audit trail (platform table query: search, sort, paging, total). */
export function pageAuditLogs(db: Db, teamId: string, q: TableQuery, f: AuditLogFilters) {
  return tableQuery(db, q, {
    ...SPEC,
    // only what the page shows (auditRowProps)
    select: {
      id: auditLogs.id,
      actorName: auditLogs.actorName,
      actorEmail: auditLogs.actorEmail,
      action: auditLogs.action,
      subjectType: auditLogs.subjectType,
      subjectLabel: auditLogs.subjectLabel,
      details: auditLogs.details,
      ip: auditLogs.ip,
      createdAt: auditLogs.createdAt,
    },
    from: auditLogs,
    where: and(teamScope(db, teamId), logSearch(q.search), ...filterWhere(f)),
    // the search is in `where` (it also matches action labels)
    tiebreak: [auditLogs.createdAt, auditLogs.id],
  });
}

/** Filter choices: the actions that occur in the team's trail and the team's members. */
export async function auditLogFilterOptions(db: Db, teamId: string) {
  const actions = await db
    .selectDistinct({ action: auditLogs.action })
    .from(auditLogs)
    .where(teamScope(db, teamId))
    .orderBy(asc(auditLogs.action));
  const members = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.organizationId, teamId))
    .orderBy(asc(sql`lower(${users.name})`));
  return { actions: actions.map((a) => a.action), members };
}
