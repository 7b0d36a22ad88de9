import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import { projects } from '../projects/read-model.js';
import type {
  ColumnType,
  DatasetOrigin,
  DatasetVersionStatus,
} from '../../../shared/datasets/column-types.js';
import type { ColumnStats } from '../../../shared/datasets/datasets.pages.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const teamId = () =>
  text('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });

/** A dataset (docs/datasets.md section 2): named, typed, versioned rows, whatever the source. */
export const datasets = pgTable(
  'datasets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    origin: text('origin').$type<DatasetOrigin>().notNull(),
    originId: uuid('origin_id'),
    /** a part of the origin with a dataset of its own: a form's repeat group key (null: the whole) */
    originKey: text('origin_key'),
    /** no foreign key: versions reference datasets; null until the first version is ready */
    currentVersionId: uuid('current_version_id'),
    stakeholderColumnKey: text('stakeholder_column_key'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('datasets_team_project_idx').on(t.teamId, t.projectId)],
);

/** One import, refresh or live view of a dataset; its rows live in `relation` (schema ds). */
export const datasetVersions = pgTable(
  'dataset_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    datasetId: uuid('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status').$type<DatasetVersionStatus>().notNull(),
    /** ds."v_<id without dashes>": built from the id, never from user text */
    relation: text('relation').notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    jobId: uuid('job_id'),
    /** why a failed import failed (catalogued text) */
    failure: text('failure'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('dataset_versions_number_idx').on(t.datasetId, t.number),
    index('dataset_versions_job_idx').on(t.jobId),
  ],
);

/** A column of a version: stable key, label, type, and the physical column c1..cn */
export const datasetColumns = pgTable(
  'dataset_columns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => datasetVersions.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    label: text('label').notNull(),
    type: text('type').$type<ColumnType>().notNull(),
    position: integer('position').notNull(),
    physical: text('physical').notNull(),
    sourceColumn: text('source_column'),
    hidden: boolean('hidden').notNull().default(false),
    stats: jsonb('stats').$type<ColumnStats>(),
  },
  (t) => [uniqueIndex('dataset_columns_key_idx').on(t.versionId, t.key)],
);

/** A value an import could not convert: never a silent drop */
export const datasetRowErrors = pgTable(
  'dataset_row_errors',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => datasetVersions.id, { onDelete: 'cascade' }),
    row: bigint('row', { mode: 'number' }).notNull(),
    columnKey: text('column_key').notNull(),
    value: text('value').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.row, t.columnKey] })],
);
