import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import { forms } from '../forms/read-model.js';
import { datasets } from '../datasets/read-model.js';
import type { GridCellValue, GridCitation, GridColumn } from '../../../shared/grids/grids.js';
import type { GridRunView, GridSummary } from '../../../shared/grids/grids.pages.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An intelligent grid: its source's rows by chosen columns. The source is a survey form (rows:
 * stakeholders or responses) or a dataset (rows: its current version's rows): exactly one is set.
 */
export const intelligentGrids = pgTable(
  'intelligent_grids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    formId: uuid('form_id').references(() => forms.id, { onDelete: 'cascade' }),
    datasetId: uuid('dataset_id').references(() => datasets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** the waves included, in order (empty: every wave the responses carry) */
    waves: jsonb('waves').$type<string[]>().notNull().default([]),
    columns: jsonb('columns').$type<GridColumn[]>().notNull(),
    /** a dataset naming a stakeholder id column: one grid row per stakeholder (their rows grouped) */
    byStakeholder: boolean('by_stakeholder').notNull().default(false),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('intelligent_grids_form_idx').on(t.formId),
    index('intelligent_grids_dataset_idx').on(t.datasetId),
    check('intelligent_grids_one_source', sql`(${t.formId} IS NULL) <> (${t.datasetId} IS NULL)`),
  ],
);

/** One computation of every cell of a grid (a job with progress). */
export const gridRuns = pgTable(
  'grid_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    gridId: uuid('grid_id')
      .notNull()
      .references(() => intelligentGrids.id, { onDelete: 'cascade' }),
    status: text('status').$type<GridRunView['status']>().notNull().default('queued'),
    engine: text('engine').$type<GridRunView['engine']>().notNull(),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    reused: integer('reused').notNull().default(0),
    summary: jsonb('summary').$type<GridSummary>(),
    error: text('error'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('grid_runs_grid_idx').on(t.gridId, t.createdAt)],
);

/** One computed cell of a run: its value, the answers it cited, and what it was computed from. */
export const gridCells = pgTable(
  'grid_cells',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    runId: uuid('run_id')
      .notNull()
      .references(() => gridRuns.id, { onDelete: 'cascade' }),
    /** the stakeholder's id, or the response's id for an anonymous form */
    rowKey: text('row_key').notNull(),
    rowLabel: text('row_label').notNull(),
    /** the row's order in the grid */
    position: integer('position').notNull(),
    columnKey: text('column_key').notNull(),
    value: jsonb('value').$type<GridCellValue>().notNull(),
    citations: jsonb('citations').$type<GridCitation[]>().notNull(),
    /** a hash of the column's definition and the answers read: an equal one reuses the cell */
    inputHash: text('input_hash').notNull(),
  },
  (t) => [
    uniqueIndex('grid_cells_run_row_column_uq').on(t.runId, t.rowKey, t.columnKey),
    index('grid_cells_run_position_idx').on(t.runId, t.position),
  ],
);
