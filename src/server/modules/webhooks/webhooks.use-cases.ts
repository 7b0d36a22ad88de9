import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { jobs } from '../../platform/jobs/index.js';
import type { AppContext } from '../../platform/context.js';
import { ValidationError, fail } from '../../platform/errors.js';
import type { UseCase } from '../../platform/use-case/index.js';
import type { WebhookEndpointInput } from '../../../shared/webhooks/webhooks.schemas.js';
import { queueDelivery } from './webhooks.events.js';
import { refusedTarget } from './webhooks.http.js';
import {
  boxOf,
  findDelivery,
  findEndpoint,
  policyOf,
  secretBinding,
  type EndpointRow,
} from './webhooks.queries.js';
import { webhookDeliveries, webhookEndpoints } from './webhooks.tables.js';

const MANAGE = 'team.settings.manage';
const subject = (e: EndpointRow) => ({ type: 'webhook', id: e.id, label: e.url });
const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/**
 * The outbound guard at save: an address that resolves to a private, loopback or metadata
 * address (or plain http:// to one the operator did not allow) lands on the `url` field. Run
 * before the write's transaction (a DNS lookup must not hold the connection).
 */
export async function checkEndpointUrl(ctx: AppContext, url: string) {
  const refused = await refusedTarget(url, policyOf(ctx));
  if (refused) throw new ValidationError({ url: refused });
}

/** A new endpoint with a fresh signing secret (sealed; the plain secret is answered once) */
export async function createEndpoint(uc: UseCase, input: WebhookEndpointInput) {
  uc.can(MANAGE);
  const id = crypto.randomUUID();
  const secret = newSecret();
  const [endpoint] = await uc.tx
    .insert(webhookEndpoints)
    .values({
      id,
      teamId: uc.teamId,
      url: input.url,
      events: input.events,
      active: input.active,
      sealedSecret: boxOf(uc.ctx).seal(secret, secretBinding(id)),
      createdBy: uc.actor.userId || null,
    })
    .returning();
  await uc.audit({
    action: 'webhook.created',
    subject: subject(endpoint),
    details: { url: endpoint.url, events: endpoint.events, active: endpoint.active },
  });
  return { endpoint, secret };
}

export async function updateEndpoint(uc: UseCase, id: unknown, input: WebhookEndpointInput) {
  const before = await findEndpoint(uc.tx, uc.teamId, id);
  uc.can(MANAGE);
  const [endpoint] = await uc.tx
    .update(webhookEndpoints)
    .set({ url: input.url, events: input.events, active: input.active, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, before.id))
    .returning();
  await uc.audit({
    action: 'webhook.updated',
    subject: subject(endpoint),
    details: {
      before: { url: before.url, events: before.events, active: before.active },
      after: { url: endpoint.url, events: endpoint.events, active: endpoint.active },
    },
  });
  return endpoint;
}

/** A new signing secret: the old one stops signing at once */
export async function rotateEndpointSecret(uc: UseCase, id: unknown) {
  const endpoint = await findEndpoint(uc.tx, uc.teamId, id);
  uc.can(MANAGE);
  const secret = newSecret();
  await uc.tx
    .update(webhookEndpoints)
    .set({
      sealedSecret: boxOf(uc.ctx).seal(secret, secretBinding(endpoint.id)),
      updatedAt: new Date(),
    })
    .where(eq(webhookEndpoints.id, endpoint.id));
  await uc.audit({ action: 'webhook.secret_rotated', subject: subject(endpoint) });
  return { endpoint, secret };
}

/** The endpoint and its delivery log (deliveries still queued are dropped with it) */
export async function deleteEndpoint(uc: UseCase, id: unknown) {
  const endpoint = await findEndpoint(uc.tx, uc.teamId, id);
  uc.can(MANAGE);
  await uc.tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
  await uc.audit({
    action: 'webhook.deleted',
    subject: subject(endpoint),
    details: { url: endpoint.url, events: endpoint.events },
  });
  return endpoint;
}

/** "Send test": a `ping` delivery queued now (sent even while the endpoint is switched off) */
export async function sendTestPing(uc: UseCase, id: unknown) {
  const endpoint = await findEndpoint(uc.tx, uc.teamId, id);
  uc.can(MANAGE);
  const delivery = await queueDelivery(uc, endpoint, 'ping', {
    message: 'A test event from Pathways.',
    endpointId: endpoint.id,
  });
  uc.afterCommit(() => uc.ctx.jobs.poke());
  await uc.audit({ action: 'webhook.test_sent', subject: subject(endpoint) });
  return delivery;
}

/** "Redeliver": a failed or given-up delivery sent again now, same id and body, a new schedule */
export async function redeliver(uc: UseCase, deliveryId: unknown) {
  const delivery = await findDelivery(uc.tx, uc.teamId, deliveryId);
  const endpoint = await findEndpoint(uc.tx, uc.teamId, delivery.endpointId);
  uc.can(MANAGE);
  if (delivery.status !== 'failed' && delivery.status !== 'given_up')
    throw fail('CONFLICT', 'Only a failed delivery can be sent again.');
  // a failed delivery waiting for its next attempt: that queued retry runs now (no second job)
  const [pulled] = delivery.jobId
    ? await uc.tx
        .update(jobs)
        .set({ runAt: new Date() })
        .where(and(eq(jobs.id, delivery.jobId), eq(jobs.status, 'queued')))
        .returning({ id: jobs.id })
    : [];
  const jobId = pulled
    ? pulled.id
    : await uc.enqueue('webhooks.deliver', { deliveryId: delivery.id });
  if (pulled) uc.afterCommit(() => uc.ctx.jobs.poke());
  await uc.tx
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: null, jobId, updatedAt: new Date() })
    .where(eq(webhookDeliveries.id, delivery.id));
  await uc.audit({
    action: 'webhook.redelivered',
    subject: subject(endpoint),
    details: { delivery: delivery.id, event: delivery.event },
  });
  return { endpoint, delivery };
}
