import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import { projects } from '../projects/read-model.js';
import { datasets, datasetVersions } from '../datasets/read-model.js';
import type { UploadFormat } from '../../../shared/datasets/datasets.pages.js';

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
