import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import type { ProblemTemplate, StrategyTemplate } from '../../../shared/toc/template.schemas.js';
import type { LibraryKind, SectorKey } from '../../../shared/libraries/sectors.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A team's own library items (problems and strategies saved from its work). The library that
 * ships with the product lives in code (modules/libraries/content) and is not stored here.
 */
export const libraryItems = pgTable(
  'library_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** problem | strategy */
    kind: text('kind').$type<LibraryKind>().notNull(),
    sector: text('sector').$type<SectorKey>().notNull(),
    title: text('title').notNull(),
    summary: text('summary'),
    template: jsonb('template').$type<ProblemTemplate | StrategyTemplate>().notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('library_items_team_kind_idx').on(t.teamId, t.kind)],
);
