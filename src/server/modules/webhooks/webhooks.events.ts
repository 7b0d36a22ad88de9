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

/**
 * One delivery to one endpoint, queued in the caller's transaction: the row (its payload is the
 * exact JSON body sent: `{ id, type, created, data }`) and the job that sends it.
 */
export async function queueDelivery(
  w: Emitting,
  endpoint: { id: string; teamId: string },
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
  return enqueueWebhookEvents(w, teamId, event, [data]);
}

/** The same for several events of one kind (a batch of responses): the endpoints are read once. */
export async function enqueueWebhookEvents(
  w: Emitting,
  teamId: string,
  event: WebhookEvent,
  events: Array<Record<string, unknown>>,
): Promise<number> {
  if (!events.length) return 0;
  const endpoints = await w.tx
    .select({ id: webhookEndpoints.id, teamId: webhookEndpoints.teamId })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.teamId, teamId),
        eq(webhookEndpoints.active, true),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([event])}::jsonb`,
      ),
    );
  for (const data of events) for (const e of endpoints) await queueDelivery(w, e, event, data);
  return endpoints.length;
}
