import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import { projects } from '../projects/read-model.js';
import { datasets } from '../datasets/read-model.js';
import type {
  ConnectionStatus,
  DatabaseEngine,
  ImportSchedule,
  TlsMode,
} from '../../../shared/databases/databases.constants.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const teamId = () =>
  text('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' });

/** An external PostgreSQL or MySQL/MariaDB database a team reads from (its password apart) */
export const databaseConnections = pgTable(
  'database_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    name: text('name').notNull(),
    engine: text('engine').$type<DatabaseEngine>().notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    database: text('database').notNull(),
    username: text('username').notNull(),
    tlsMode: text('tls_mode').$type<TlsMode>().notNull(),
    status: text('status').$type<ConnectionStatus>().notNull().default('untested'),
    /** the last test's answer, as the user reads it (never a password) */
    statusMessage: text('status_message'),
    testedAt: ts('tested_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('database_connections_team_idx').on(t.teamId)],
);

/**
 * A connection's password, sealed with AES-256-GCM (platform/secrets) and bound to its row;
 * written, rotated and revoked, never read back to a page. One per connection.
 */
export const sourceCredentials = pgTable(
  'source_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => databaseConnections.id, { onDelete: 'cascade' }),
    sealed: text('sealed').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    rotatedAt: ts('rotated_at'),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [uniqueIndex('source_credentials_connection_idx').on(t.connectionId)],
);

/** What a database dataset imports (a table or a SELECT) and how often it is refreshed */
export const databaseImports = pgTable(
  'database_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: teamId(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => databaseConnections.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    datasetId: uuid('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    /** schema-qualified table name, or null for a query */
    tableSchema: text('table_schema'),
    tableName: text('table_name'),
    query: text('query'),
    schedule: text('schedule').$type<ImportSchedule>().notNull().default('none'),
    nextRunAt: ts('next_run_at'),
    lastRunAt: ts('last_run_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('database_imports_dataset_idx').on(t.datasetId),
    index('database_imports_connection_idx').on(t.connectionId),
    index('database_imports_due_idx').on(t.nextRunAt),
  ],
);
