import { date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import { problems, tocElements } from '../problems/read-model.js';
import { metrics } from '../metrics/read-model.js';
import type {
  Confidence,
  Evidence,
  LearningStatus,
} from '../../../shared/learnings/learnings.schemas.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A question the team wants its monitoring to answer, attached to the problem (or one of its elements). */
export const learningQuestions = pgTable(
  'learning_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    problemId: uuid('problem_id')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    elementId: uuid('element_id').references(() => tocElements.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('learning_questions_problem_idx').on(t.teamId, t.problemId, t.createdAt)],
);

/**
 * What the team learned, recorded against a problem, one of its elements or metrics: the
 * evidence, the confidence, the action it leads to (owner, date) and its status; it may answer a
 * learning question.
 */
export const learnings = pgTable(
  'learnings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    problemId: uuid('problem_id')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    elementId: uuid('element_id').references(() => tocElements.id, { onDelete: 'set null' }),
    metricId: uuid('metric_id').references(() => metrics.id, { onDelete: 'set null' }),
    questionId: uuid('question_id').references(() => learningQuestions.id, {
      onDelete: 'set null',
    }),
    summary: text('summary').notNull(),
    evidence: jsonb('evidence').$type<Evidence[]>().notNull().default([]),
    confidence: text('confidence').$type<Confidence>().notNull().default('medium'),
    action: text('action'),
    actionOwnerId: text('action_owner_id').references(() => users.id, { onDelete: 'set null' }),
    actionDue: date('action_due'),
    status: text('status').$type<LearningStatus>().notNull().default('open'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('learnings_problem_idx').on(t.teamId, t.problemId, t.createdAt),
    index('learnings_element_idx').on(t.elementId),
    index('learnings_metric_idx').on(t.metricId),
  ],
);
