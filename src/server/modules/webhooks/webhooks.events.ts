import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import type {
  WebhookEvent,
  WebhookEventOrPing,
} from '../../../shared/webhooks/webhooks.constants.js';
import { webhookDeliveries, webhookEndpoints } from './webhooks.tables.js';

export const WEBHOOK_DELIVER = 'webhooks.deliver';

declare module '../../platform/jobs/registry.js' {
  interface JobPayloads {
    'webhooks.deliver': { deliveryId: string };
  }
}

/** What emitting needs of a write: its transaction and the app (a use case, guest or member) */
export interface Emitting {
  tx: Db;
  ctx: AppContext;
}

/** An endpoint an event is delivered to. */
export interface Endpoint {
  id: string;
  teamId: string;
}

/**
 * One delivery to one endpoint, queued in the caller's transaction: the row (its payload is the
 * exact JSON body sent: `{ id, type, created, data }`) and the job that sends it.
 */
export async function queueDelivery(
  w: Emitting,
  endpoint: Endpoint,
  event: WebhookEventOrPing,
  data: Record<string, unknown>,
) {
  const id = crypto.randomUUID();
  const jobId = await w.ctx.jobs.enqueue(WEBHOOK_DELIVER, { deliveryId: id }, { tx: w.tx });
  const [delivery] = await w.tx
    .insert(webhookDeliveries)
    .values({
      id,
      teamId: endpoint.teamId,
      endpointId: endpoint.id,
      event,
      payload: { id, type: event, created: new Date().toISOString(), data },
      jobId,
    })
    .returning();
  return delivery;
}

/**
 * An event of a team, for every active endpoint subscribed to it. Called inside the write that
 * makes the event (same transaction), so nothing is sent when that write rolls back.
 */
export async function enqueueWebhookEvent(
  w: Emitting,
  teamId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<number> {
  const endpoints = await subscribedEndpoints(w.tx, teamId, event);
  await queueWebhookEvents(w, endpoints, event, [data]);
  return endpoints.length;
}

/** The team's active endpoints subscribed to an event (a writer may read them before its lock). */
export async function subscribedEndpoints(
  db: Db,
  teamId: string,
  event: WebhookEvent,
): Promise<Endpoint[]> {
  return db
    .select({ id: webhookEndpoints.id, teamId: webhookEndpoints.teamId })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.teamId, teamId),
        eq(webhookEndpoints.active, true),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([event])}::jsonb`,
      ),
    );
}

/** The events, one delivery per endpoint each, queued in the writer's transaction. */
export async function queueWebhookEvents(
  w: Emitting,
  endpoints: Endpoint[],
  event: WebhookEvent,
  events: Array<Record<string, unknown>>,
) {
  for (const data of events) for (const e of endpoints) await queueDelivery(w, e, event, data);
}
