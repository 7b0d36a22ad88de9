import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, count, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { teamMembers, users } from '../../platform/auth/auth.tables.js';
import { AUDIT_ACTION_LABELS } from '../../../shared/audit-logs/action-labels.js';
import type { AuditLogQuery } from '../../../shared/audit-logs/audit-logs.schemas.js';

/** A team's trail: its own entries, plus account entries (no team) of its current members. */
export function teamScope(db: Db, teamId: string): SQL {
  const members = db.select({ id: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.organizationId, teamId));
  return or(eq(auditLogs.teamId, teamId), and(isNull(auditLogs.teamId), inArray(auditLogs.userId, members)))!;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filters(db: Db, teamId: string, q: AuditLogQuery): SQL {
  const where: SQL[] = [teamScope(db, teamId)];
  if (q.search) {
    const pattern = `%${likeEscape(q.search)}%`;
    const needle = q.search.toLowerCase();
    // plain-words search: "signed in" finds auth.login
    const labelled = Object.entries(AUDIT_ACTION_LABELS)
      .filter(([, label]) => label.toLowerCase().includes(needle))
      .map(([action]) => action);
    where.push(
      or(
        ilike(auditLogs.actorName, pattern),
        ilike(auditLogs.actorEmail, pattern),
        ilike(auditLogs.action, pattern),
        ilike(auditLogs.subjectLabel, pattern),
        ilike(auditLogs.ip, pattern),
        ...(labelled.length ? [inArray(auditLogs.action, labelled)] : []),
      )!,
    );
  }
  if (q.action) where.push(eq(auditLogs.action, q.action));
  if (q.user) where.push(eq(auditLogs.userId, q.user));
  if (q.from) where.push(gte(auditLogs.createdAt, new Date(`${q.from}T00:00:00.000Z`)));
  if (q.to) where.push(lt(auditLogs.createdAt, new Date(Date.parse(`${q.to}T00:00:00.000Z`) + 86_400_000)));
  return and(...where)!;
}

const SORT_COLUMNS = {
  created_at: [auditLogs.createdAt],
  action: [auditLogs.action],
  actor: [auditLogs.actorName, auditLogs.actorEmail],
  ip: [auditLogs.ip],
} as const;

/** One page of the team's audit trail, with the total for the pager. */
export async function pageAuditLogs(db: Db, teamId: string, q: AuditLogQuery) {
  const where = filters(db, teamId, q);
  const dir = q.dir === 'asc' ? asc : desc;
  const order = [...SORT_COLUMNS[q.sort].map((c) => dir(c)), desc(auditLogs.createdAt), desc(auditLogs.id)];
  const [{ total }] = await db.select({ total: count() }).from(auditLogs).where(where);
  const lastPage = Math.max(1, Math.ceil(total / q.perPage));
  const page = Math.min(q.page, lastPage);
  const rows = await db
    .select()
    .from(auditLogs)
    .where(where)
    .orderBy(...order)
    .limit(q.perPage)
    .offset((page - 1) * q.perPage);
  return { rows, total, page };
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
