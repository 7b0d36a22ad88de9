import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import { formResponses } from '../forms/read-model.js';
import type { RubricLevel } from '../../../shared/coding/kinds.js';
import { intelligentColumns } from './coding.tables.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An immutable rubric version of a rubric column: saving the rubric makes the next one. */
export const rubricVersions = pgTable(
  'rubric_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    columnId: uuid('column_id')
      .notNull()
      .references(() => intelligentColumns.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    levels: jsonb('levels').$type<RubricLevel[]>().notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rubric_versions_column_number_uq').on(t.columnId, t.number)],
);

/** A person's score of one sampled response (accepting the machine's level or rescoring it). */
export const rubricVerifications = pgTable(
  'rubric_verifications',
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
    level: integer('level').notNull(),
    /** the machine's level the person saw (null: none yet) */
    machineLevel: integer('machine_level'),
    rubricVersion: integer('rubric_version').notNull(),
    verifiedBy: text('verified_by').references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: ts('verified_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rubric_verifications_column_response_uq').on(t.columnId, t.responseId)],
);
