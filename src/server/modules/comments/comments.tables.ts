import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A comment on a project, problem or any element of a theory of change. */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** project | problem | element | link | metric | data_point | survey_question */
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** plain text; mentions are written @[Name](userId) and rendered as text, never as HTML */
    body: text('body').notNull(),
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    editedAt: ts('edited_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('comments_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
    index('comments_team_idx').on(t.teamId, t.createdAt),
  ],
);
