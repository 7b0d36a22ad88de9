import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import type {
  DeliveryStatus,
  WebhookEvent,
  WebhookEventOrPing,
} from '../../../shared/webhooks/webhooks.constants.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An address of a team that receives events, signed with its own secret (sealed with
 * platform/secrets, bound to the row, shown once when made or rotated, never read to a page).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<WebhookEvent[]>().notNull(),
    sealedSecret: text('sealed_secret').notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_team_idx').on(t.teamId)],
);

/** One event sent (or being sent) to one endpoint: the delivery log */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').$type<WebhookEventOrPing>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    httpStatus: integer('http_status'),
    /** the receiver's answer cut at 2 KB, or why it could not be reached (never a secret) */
    response: text('response'),
    nextAttemptAt: ts('next_attempt_at'),
    /** the job that sends it (a redelivery pulls a queued retry forward instead of doubling it) */
    jobId: uuid('job_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
);
