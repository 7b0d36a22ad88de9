import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import { projects } from '../projects/read-model.js';
import { datasets } from '../datasets/read-model.js';
import type { ImportSchedule } from '../../../shared/databases/databases.constants.js';
import type {
  ConnectorImportStatus,
  ConnectorKind,
  ConnectorStatus,
} from '../../../shared/connectors/connectors.constants.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const teamId = () =>
  text('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });

/**
 * A remote service (KoboToolbox, ODK Central) a team pulls submissions from. Its token or
 * password is sealed with platform/secrets, bound to the row, and never read back to a page;
 * it is rotated or revoked (wiped) on Settings → Sources authentication.
 */
export const connectors = pgTable(
  'connectors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    name: text('name').notNull(),
    kind: text('kind').$type<ConnectorKind>().notNull(),
    url: text('url').notNull(),
    odkProjectId: integer('odk_project_id'),
    email: text('email'),
    /** the sealed token or password; null once revoked (Settings → Sources authentication) */
    sealed: text('sealed'),
    status: text('status').$type<ConnectorStatus>().notNull().default('untested'),
    statusMessage: text('status_message'),
    testedAt: ts('tested_at'),
    /** when the secret was last replaced, last used by a test or an import, and revoked */
    rotatedAt: ts('rotated_at'),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('connectors_team_idx').on(t.teamId)],
);

/** One remote form pulled into a dataset, and how often it is refreshed */
export const connectorImports = pgTable(
  'connector_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    connectorId: uuid('connector_id')
      .notNull()
      .references(() => connectors.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    datasetId: uuid('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    formId: text('form_id').notNull(),
    formName: text('form_name').notNull(),
    schedule: text('schedule').$type<ImportSchedule>().notNull().default('none'),
    /** the last run: queued, running, ready or failed, with what the user reads */
    status: text('status').$type<ConnectorImportStatus>().notNull().default('queued'),
    message: text('message'),
    /** submissions read so far by the running pull (its progress) */
    fetched: integer('fetched').notNull().default(0),
    jobId: uuid('job_id'),
    nextRunAt: ts('next_run_at'),
    lastRunAt: ts('last_run_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('connector_imports_dataset_idx').on(t.datasetId),
    index('connector_imports_connector_idx').on(t.connectorId),
    index('connector_imports_due_idx').on(t.nextRunAt),
  ],
);
