import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import { jobs } from '../../platform/jobs/jobs.tables.js';
import type { Feature } from '../../../shared/settings/settings.js';
import type { ExportStatus } from '../../../shared/settings/export-status.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One row per team that changed a setting (a team without one has the defaults). */
export const teamSettings = pgTable('team_settings', {
  teamId: text('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  language: text('language').notNull().default('en'),
  timezone: text('timezone').notNull().default('UTC'),
  fiscalYearStartMonth: integer('fiscal_year_start_month').notNull().default(1),
  /** how long a deleted response stays restorable before it is purged */
  retentionDays: integer('retention_days').notNull().default(30),
  /** only the switches a team changed; missing keys take the default (on) */
  features: jsonb('features').$type<Partial<Record<Feature, boolean>>>().notNull().default({}),
  aiMonthlyLimit: integer('ai_monthly_limit'),
  publicResponsesMonthlyLimit: integer('public_responses_monthly_limit'),
  videoUrl: text('video_url'),
  videoTranscript: text('video_transcript'),
  videoCaptions: text('video_captions'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** An export of all the team's data: a zip on disk under DATA_DIR/exports/<team>/<id>.zip. */
export const teamExports = pgTable(
  'team_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    status: text('status').$type<ExportStatus>().notNull().default('queued'),
    /** { table, done, total } while running */
    progress: jsonb('progress').$type<{ table: string; done: number; total: number }>(),
    byteSize: bigint('byte_size', { mode: 'number' }),
    /** what the zip holds: table -> row count */
    counts: jsonb('counts').$type<Record<string, number>>(),
    failure: text('failure'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    expiresAt: ts('expires_at'),
  },
  (t) => [index('team_exports_team_idx').on(t.teamId, t.createdAt)],
);

/** Model requests a team made in a month (`YYYY-MM`), counted against its AI monthly limit. */
export const teamAiUsage = pgTable(
  'team_ai_usage',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.month] })],
);
