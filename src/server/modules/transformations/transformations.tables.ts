import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import { projects } from '../projects/read-model.js';
import { datasets, datasetVersions } from '../datasets/read-model.js';
import type { Step } from '../../../shared/transformations/steps.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const teamId = () =>
  text('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });

/** A recipe (issue 11): ordered steps over one dataset; its runs write the output dataset */
export const transformations = pgTable(
  'transformations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sourceDatasetId: uuid('source_dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    /** created by the first run (origin 'transformation'); a deleted output is made again */
    outputDatasetId: uuid('output_dataset_id').references(() => datasets.id, {
      onDelete: 'set null',
    }),
    steps: jsonb('steps').$type<Step[]>().notNull().default([]),
    /** re-run when the source dataset gets a new version (off by default) */
    autoRun: boolean('auto_run').notNull().default(false),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('transformations_team_project_idx').on(t.teamId, t.projectId),
    index('transformations_source_idx').on(t.sourceDatasetId),
  ],
);

export type RunStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** One run: the job, the steps it ran (a copy), the version it wrote and its counts */
export const transformationRuns = pgTable(
  'transformation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    transformationId: uuid('transformation_id')
      .notNull()
      .references(() => transformations.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').notNull(),
    status: text('status').$type<RunStatus>().notNull(),
    /** 'manual' (the Run button) or 'auto' (the source got a new version) */
    trigger: text('trigger').$type<'manual' | 'auto'>().notNull().default('manual'),
    steps: jsonb('steps').$type<Step[]>().notNull(),
    sourceVersionId: uuid('source_version_id'),
    versionId: uuid('version_id').references(() => datasetVersions.id, { onDelete: 'set null' }),
    rowsIn: bigint('rows_in', { mode: 'number' }),
    rowsOut: bigint('rows_out', { mode: 'number' }),
    failure: text('failure'),
    /** the previous run's output version this run's output was compared with, and the counts */
    diffBaseVersionId: uuid('diff_base_version_id').references(() => datasetVersions.id, {
      onDelete: 'set null',
    }),
    diffBaseRows: bigint('diff_base_rows', { mode: 'number' }),
    diffAdded: bigint('diff_added', { mode: 'number' }),
    diffRemoved: bigint('diff_removed', { mode: 'number' }),
    diffChanged: bigint('diff_changed', { mode: 'number' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('transformation_runs_transformation_idx').on(t.transformationId),
    index('transformation_runs_job_idx').on(t.jobId),
  ],
);
