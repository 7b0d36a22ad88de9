import {
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import { projects } from '../projects/read-model.js';
import type {
  ElementKind,
  ElementStatus,
  OutcomeHorizon,
  ProblemStatus,
} from '../../../shared/toc/vocabulary.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The root of a theory of change. */
export const problems = pgTable(
  'problems',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    statement: text('statement'),
    rootCauses: text('root_causes'),
    populationWho: text('population_who'),
    populationCount: integer('population_count'),
    geography: text('geography'),
    evidence: text('evidence'),
    /** draft | active | closed */
    status: text('status').$type<ProblemStatus>().notNull().default('draft'),
    /** the library item it was copied from, if any (provenance only: the copy is independent) */
    libraryItemId: text('library_item_id'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('problems_team_project_idx').on(t.teamId, t.projectId)],
);

/** Activities, outputs, outcomes and impact of a problem's theory of change. */
export const tocElements = pgTable(
  'toc_elements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    problemId: uuid('problem_id')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    /** activity | output | outcome | impact */
    kind: text('kind').$type<ElementKind>().notNull(),
    /** outcomes only: short | medium | long */
    horizon: text('horizon').$type<OutcomeHorizon>(),
    title: text('title').notNull(),
    description: text('description'),
    assumptions: text('assumptions'),
    risks: text('risks'),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    startDate: date('start_date'),
    endDate: date('end_date'),
    /** planned | in_progress | done | at_risk | dropped */
    status: text('status').$type<ElementStatus>().notNull().default('planned'),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('toc_elements_problem_kind_idx').on(t.problemId, t.kind, t.position),
    index('toc_elements_team_idx').on(t.teamId),
    // a page of a problem's elements in level order (GET /api/v1/elements?problemId=) reads only
    // the rows up to the page's end, in order, instead of sorting all of them; its count can be
    // an index-only scan
    index('toc_elements_team_problem_position_idx').on(
      t.teamId,
      t.problemId,
      t.position,
      t.createdAt,
      t.id,
    ),
  ],
);

/** A causal link "from contributes to to" (activity -> output -> outcome -> outcome/impact). */
export const tocLinks = pgTable(
  'toc_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    problemId: uuid('problem_id')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    fromId: uuid('from_id')
      .notNull()
      .references(() => tocElements.id, { onDelete: 'cascade' }),
    toId: uuid('to_id')
      .notNull()
      .references(() => tocElements.id, { onDelete: 'cascade' }),
    assumptions: text('assumptions'),
    risks: text('risks'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('toc_links_from_to_uq').on(t.fromId, t.toId),
    index('toc_links_problem_idx').on(t.problemId),
    index('toc_links_to_idx').on(t.toId),
  ],
);
