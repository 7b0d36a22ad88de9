import { index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import type { ThemeQuote, ThemeTerm } from '../../../shared/coding/themes.js';
import type { ThemeRunView } from '../../../shared/coding/themes.pages.js';
import { intelligentColumns } from './coding.tables.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One theme discovery over a column's open answers (a job with progress); re-discovery adds one. */
export const themeRuns = pgTable(
  'theme_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    columnId: uuid('column_id')
      .notNull()
      .references(() => intelligentColumns.id, { onDelete: 'cascade' }),
    status: text('status').$type<ThemeRunView['status']>().notNull().default('queued'),
    /** null: the number of themes is chosen by silhouette */
    kRequested: integer('k_requested'),
    k: integer('k'),
    silhouette: real('silhouette'),
    candidates: jsonb('candidates').$type<Array<{ k: number; silhouette: number }>>(),
    answered: integer('answered').notNull().default(0),
    unclustered: integer('unclustered').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    engineVersion: text('engine_version').notNull(),
    error: text('error'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('theme_runs_column_idx').on(t.columnId, t.createdAt)],
);

/** A discovered theme: its size, distinctive words and most central answers. */
export const themes = pgTable(
  'themes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    runId: uuid('run_id')
      .notNull()
      .references(() => themeRuns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    share: real('share').notNull(),
    topTerms: jsonb('top_terms').$type<ThemeTerm[]>().notNull(),
    quotes: jsonb('quotes').$type<ThemeQuote[]>().notNull(),
    /** the code it became (key in the codebook version it was added in) */
    codeKey: text('code_key'),
    codebookVersion: integer('codebook_version'),
  },
  (t) => [index('themes_run_idx').on(t.runId, t.position)],
);
