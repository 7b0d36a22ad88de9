import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerDeliveryJob } from './webhooks.deliver-job.js';
import { registerWebhookRoutes } from './webhooks.routes.js';

export { enqueueWebhookEvent, queueWebhookEvents, subscribedEndpoints } from './webhooks.events.js';

/**
 * Outgoing webhooks: a team's endpoints receive `response.created`, `import.finished` and
 * `metric_value.changed` as signed JSON POSTs, queued in the write that makes the event and sent
 * by the `webhooks.deliver` job with retries and a delivery log.
 */
export async function webhooksModule(app: FastifyInstance, ctx: AppContext) {
  registerWebhookRoutes(app, ctx);
  registerDeliveryJob(ctx);
}
