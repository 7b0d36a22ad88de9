import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The audit trail: who did what, when, on which subject, from which IP. Never secrets. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id'),
    userId: text('user_id'),
    /** the actor's name and email at the time, kept even if the user is deleted */
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    /** noun.verb, e.g. auth.login, auth.login_failed, team.member_added */
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    subjectLabel: text('subject_label'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** non-secret details; the audit writer strips known secret keys */
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_logs_team_created_idx').on(t.teamId, t.createdAt),
    index('audit_logs_user_idx').on(t.userId),
  ],
);
