import {
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import { formResponses, forms } from '../forms/read-model.js';
import type { AppliedCode, CodeDef, CodingEngine } from '../../../shared/coding/coding.js';
import type { RunDiff, RunRefusal, RunView } from '../../../shared/coding/coding.pages.js';
import type { ColumnKind, ColumnSummary, RubricDecision } from '../../../shared/coding/kinds.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An intelligent column: a codebook applied to one or more open questions of a survey form. */
export const intelligentColumns = pgTable(
  'intelligent_columns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** codes (a codebook), sentiment, rubric or summary (shared/coding/kinds.ts) */
    kind: text('kind').$type<ColumnKind>().notNull().default('codes'),
    questionKeys: jsonb('question_keys').$type<string[]>().notNull(),
    /** a code is applied automatically only when its kappa reaches this */
    threshold: real('threshold').notNull().default(0.6),
    samplePercent: integer('sample_percent').notNull().default(20),
    /** the latest codebook version (0: no codebook yet) */
    codebookVersion: integer('codebook_version').notNull().default(0),
    /** deductive coding: the offline engine ('rules') or the configured model */
    engine: text('engine').$type<CodingEngine>().notNull().default('rules'),
    /** the latest rubric version of a rubric column (0: none yet) */
    rubricVersion: integer('rubric_version').notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('intelligent_columns_form_idx').on(t.formId)],
);

/** An immutable codebook version: saving the codebook makes the next one. */
export const codebookVersions = pgTable(
  'codebook_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    columnId: uuid('column_id')
      .notNull()
      .references(() => intelligentColumns.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    codes: jsonb('codes').$type<CodeDef[]>().notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('codebook_versions_column_number_uq').on(t.columnId, t.number)],
);

/** One run of the engine over all the form's responses (a job with progress). */
export const codingRuns = pgTable(
  'coding_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    columnId: uuid('column_id')
      .notNull()
      .references(() => intelligentColumns.id, { onDelete: 'cascade' }),
    codebookVersion: integer('codebook_version').notNull(),
    engine: text('engine').notNull(),
    engineVersion: text('engine_version').notNull(),
    status: text('status').$type<RunView['status']>().notNull().default('queued'),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    diff: jsonb('diff').$type<RunDiff>(),
    /** a rubric run: the rubric version it scored with */
    rubricVersion: integer('rubric_version'),
    /** a summary run: the extractive summary it made */
    summary: jsonb('summary').$type<ColumnSummary>(),
    error: text('error'),
    /** a model run: what the model said that was refused (not applied), with the reason */
    refusals: jsonb('refusals').$type<RunRefusal[]>(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('coding_runs_column_idx').on(t.columnId, t.createdAt)],
);

/** The machine's decision on one response in one run: the codes it applied, with quotes. */
export const codingDecisions = pgTable(
  'coding_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    runId: uuid('run_id')
      .notNull()
      .references(() => codingRuns.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id')
      .notNull()
      .references(() => formResponses.id, { onDelete: 'cascade' }),
    codes: jsonb('codes').$type<AppliedCode[]>().notNull(),
    /** lexicon sentiment, -1..1, indicative */
    sentiment: real('sentiment'),
    /** a rubric column's score: level, similarity, supporting quote, rubric version */
    rubric: jsonb('rubric').$type<RubricDecision>(),
    engine: text('engine').notNull(),
    engineVersion: text('engine_version').notNull(),
    codebookVersion: integer('codebook_version').notNull(),
  },
  (t) => [uniqueIndex('coding_decisions_run_response_uq').on(t.runId, t.responseId)],
);

/** A human's blind coding of one sampled response (the codes they found, machine unseen). */
export const codingVerifications = pgTable(
  'coding_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    columnId: uuid('column_id')
      .notNull()
      .references(() => intelligentColumns.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id')
      .notNull()
      .references(() => formResponses.id, { onDelete: 'cascade' }),
    codes: jsonb('codes').$type<string[]>().notNull(),
    codebookVersion: integer('codebook_version').notNull(),
    verifiedBy: text('verified_by').references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: ts('verified_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coding_verifications_column_response_uq').on(t.columnId, t.responseId)],
);
