import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import type { ProjectStatus } from '../../../shared/toc/vocabulary.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A programme or project of a team: the container of its problems (theories of change). */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** donor / funder, country or region, free text */
    funder: text('funder'),
    location: text('location'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    /** active | archived (archived projects are read-only and hidden from the default list) */
    status: text('status').$type<ProjectStatus>().notNull().default('active'),
    archivedAt: ts('archived_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('projects_team_status_idx').on(t.teamId, t.status, t.updatedAt)],
);
