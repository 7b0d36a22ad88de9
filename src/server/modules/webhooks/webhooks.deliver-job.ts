import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import {
  WEBHOOK_BACKOFF_MS,
  WEBHOOK_MAX_ATTEMPTS,
} from '../../../shared/webhooks/webhooks.constants.js';
import { WEBHOOK_DELIVER } from './webhooks.events.js';
import { postWebhook, signatureHeader } from './webhooks.http.js';
import { boxOf, policyOf, secretBinding } from './webhooks.queries.js';
import { webhookDeliveries, webhookEndpoints } from './webhooks.tables.js';

/** The wait after failed attempt number `attempt` (1-based) */
const backoffAfter = (attempt: number) =>
  WEBHOOK_BACKOFF_MS[Math.min(attempt, WEBHOOK_BACKOFF_MS.length) - 1];

/** A failed attempt that the jobs queue retries after its backoff */
class DeliveryFailed extends Error {}

/**
 * One attempt of a delivery at `now`: signed with the endpoint's secret, posted, and the outcome
 * written to the log. Attempt number `attempt` of `maxAttempts` (this run of the job): a failure
 * before the last schedules the next attempt (`next_attempt_at`), after the last the delivery is
 * given up. Answers whether the queue should retry.
 */
async function attemptDelivery(
  ctx: AppContext,
  deliveryId: string,
  o: { now: Date; attempt: number; maxAttempts: number },
): Promise<'done' | 'retry'> {
  const [row] = await ctx.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row || row.delivery.status === 'succeeded') return 'done'; // its endpoint was deleted
  const { delivery, endpoint } = row;
  const record = (set: Partial<typeof webhookDeliveries.$inferInsert>) =>
    ctx.db
      .update(webhookDeliveries)
      .set({ ...set, attempts: delivery.attempts + 1, updatedAt: o.now })
      .where(eq(webhookDeliveries.id, delivery.id));
  if (!endpoint.active && delivery.event !== 'ping') {
    await record({
      status: 'given_up',
      response: 'The endpoint is switched off.',
      nextAttemptAt: null,
    });
    return 'done';
  }
  const body = JSON.stringify(delivery.payload);
  const secret = boxOf(ctx).open(endpoint.sealedSecret, secretBinding(endpoint.id));
  const outcome = await postWebhook(endpoint.url, policyOf(ctx), body, {
    'pathways-signature': signatureHeader(secret, Math.floor(o.now.getTime() / 1000), body),
    'pathways-event': delivery.event,
    'pathways-delivery': delivery.id,
  });
  const last = o.attempt >= o.maxAttempts;
  await record({
    status: outcome.ok ? 'succeeded' : last ? 'given_up' : 'failed',
    httpStatus: outcome.httpStatus,
    response: outcome.response,
    nextAttemptAt: outcome.ok || last ? null : new Date(o.now.getTime() + backoffAfter(o.attempt)),
  });
  return outcome.ok || last ? 'done' : 'retry';
}

export function registerDeliveryJob(ctx: AppContext) {
  ctx.jobs.register(
    WEBHOOK_DELIVER,
    async (p, job) => {
      const next = await attemptDelivery(ctx, p.deliveryId, {
        now: new Date(),
        attempt: job.attempt,
        maxAttempts: job.maxAttempts,
      });
      if (next === 'retry')
        throw new DeliveryFailed(`Webhook delivery ${p.deliveryId} failed; it will be retried.`);
    },
    {
      payload: z.object({ deliveryId: z.string().uuid() }).strict(),
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
      backoffMs: backoffAfter,
    },
  );
}
