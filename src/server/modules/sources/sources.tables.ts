import {
  bigint,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import { projects } from '../projects/read-model.js';
import { datasets, datasetVersions } from '../datasets/read-model.js';
import type { UploadFormat } from '../../../shared/datasets/datasets.pages.js';
import type { ImportSchedule } from '../../../shared/databases/databases.constants.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An uploaded file, kept in the data dir (`uploads/<team>/<id>`) from the upload until its import
 * finishes (or the upload is abandoned): what was detected, and the version it feeds.
 */
export const sourceFiles = pgTable(
  'source_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** a refresh: the dataset that gets a new version */
    datasetId: uuid('dataset_id').references(() => datasets.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id').references(() => datasetVersions.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** fetched from this address (a source by URL), else uploaded */
    url: text('url'),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    format: text('format').$type<UploadFormat>().notNull(),
    encoding: text('encoding'),
    delimiter: text('delimiter'),
    headerRow: boolean('header_row').notNull().default(true),
    sheet: text('sheet'),
    /** the file is still on disk */
    stored: boolean('stored').notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('source_files_team_idx').on(t.teamId, t.datasetId),
    index('source_files_version_idx').on(t.versionId),
  ],
);

/**
 * A dataset fed from an address (a published sheet's CSV link, an XLSX download): refreshed on
 * demand and, when scheduled, by the periodic `sources.url-schedule` job.
 */
export const urlSources = pgTable(
  'url_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    datasetId: uuid('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    schedule: text('schedule').$type<ImportSchedule>().notNull().default('none'),
    nextRunAt: ts('next_run_at'),
    lastRunAt: ts('last_run_at'),
    /** why the last scheduled fetch failed (cleared by the next that works) */
    lastError: text('last_error'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('url_sources_dataset_idx').on(t.datasetId),
    index('url_sources_due_idx').on(t.nextRunAt),
  ],
);
