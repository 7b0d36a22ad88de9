import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { parseInput } from '../../platform/http/validate.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { webhookEndpointSchema } from '../../../shared/webhooks/webhooks.schemas.js';
import { deliveryView, endpointView } from './webhooks.props.js';
import {
  endpointDeliveries,
  findEndpoint,
  latestDeliveries,
  teamEndpoints,
} from './webhooks.queries.js';
import {
  checkEndpointUrl,
  createEndpoint,
  deleteEndpoint,
  redeliver,
  rotateEndpointSecret,
  sendTestPing,
  updateEndpoint,
} from './webhooks.use-cases.js';

/** Webhooks carry the team's data out and hold signing secrets: owners and administrators */
const manage = { kind: 'team', permission: 'team.settings.manage' } as const;

const teamOf = (request: FastifyRequest) => request.actor!.team!.id;
const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string>)[name];

export function registerWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const index = () => ctx.routes.url('webhooks.index', {});
  const show = (id: string) => ctx.routes.url('webhooks.show', { webhook: id });
  /** the plain secret goes to the very next page only (flash), then it is gone */
  const flashSecret = (secret: string, endpointId: string) => ({
    webhookSecret: secret,
    endpointId,
  });

  app.get(
    '/integrations/webhooks',
    { config: { name: 'webhooks.index', access: manage } },
    async (request, reply) => {
      const endpoints = await teamEndpoints(ctx.db, teamOf(request));
      const last = await latestDeliveries(
        ctx.db,
        endpoints.map((e) => e.id),
      );
      return reply.inertia('webhooks/index', {
        endpoints: endpoints.map((e) => endpointView(e, last.get(e.id))),
        allowPrivate: ctx.config.sources.allowPrivate,
      });
    },
  );

  app.post(
    '/integrations/webhooks',
    { config: { name: 'webhooks.store', access: manage } },
    async (request, reply) => {
      const input = parseInput(webhookEndpointSchema, request.body);
      await checkEndpointUrl(ctx, input.url);
      const { endpoint, secret } = await runUseCase(ctx, actorOf(request), (uc) =>
        createEndpoint(uc, input),
      );
      reply.flash({
        success: 'Webhook saved. Copy its signing secret now: it is shown only once.',
        data: flashSecret(secret, endpoint.id),
      });
      return reply.redirect(show(endpoint.id), 303);
    },
  );

  app.get(
    '/integrations/webhooks/:webhook',
    { config: { name: 'webhooks.show', access: manage } },
    async (request, reply) => {
      const endpoint = await findEndpoint(ctx.db, teamOf(request), param(request, 'webhook'));
      const deliveries = await endpointDeliveries(ctx.db, endpoint.id);
      return reply.inertia('webhooks/show', {
        endpoint: endpointView(endpoint, deliveries[0]),
        deliveries: deliveries.map(deliveryView),
      });
    },
  );

  app.put(
    '/integrations/webhooks/:webhook',
    { config: { name: 'webhooks.update', access: manage } },
    async (request, reply) => {
      const input = parseInput(webhookEndpointSchema, request.body);
      const id = param(request, 'webhook');
      await findEndpoint(ctx.db, teamOf(request), id); // another team's id: 404 before the checks
      await checkEndpointUrl(ctx, input.url);
      const endpoint = await runUseCase(ctx, actorOf(request), (uc) =>
        updateEndpoint(uc, id, input),
      );
      reply.flash({ success: 'Webhook updated.' });
      return reply.redirect(show(endpoint.id), 303);
    },
  );

  app.post(
    '/integrations/webhooks/:webhook/rotate',
    { config: { name: 'webhooks.rotate', access: manage } },
    async (request, reply) => {
      const { endpoint, secret } = await runUseCase(ctx, actorOf(request), (uc) =>
        rotateEndpointSecret(uc, param(request, 'webhook')),
      );
      reply.flash({
        success: 'New signing secret made: the old one no longer signs. Copy it now.',
        data: flashSecret(secret, endpoint.id),
      });
      return reply.redirect(show(endpoint.id), 303);
    },
  );

  app.post(
    '/integrations/webhooks/:webhook/test',
    { config: { name: 'webhooks.test', access: manage } },
    async (request, reply) => {
      const delivery = await runUseCase(ctx, actorOf(request), (uc) =>
        sendTestPing(uc, param(request, 'webhook')),
      );
      reply.flash({ success: 'Test event queued: the log below shows how the receiver answered.' });
      return reply.redirect(show(delivery.endpointId), 303);
    },
  );

  app.post(
    '/integrations/webhooks/deliveries/:delivery/redeliver',
    { config: { name: 'webhooks.redeliver', access: manage } },
    async (request, reply) => {
      const { endpoint } = await runUseCase(ctx, actorOf(request), (uc) =>
        redeliver(uc, param(request, 'delivery')),
      );
      reply.flash({ success: 'Delivery queued again.' });
      return reply.redirect(show(endpoint.id), 303);
    },
  );

  app.delete(
    '/integrations/webhooks/:webhook',
    { config: { name: 'webhooks.destroy', access: manage } },
    async (request, reply) => {
      const endpoint = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteEndpoint(uc, param(request, 'webhook')),
      );
      reply.flash({ success: `Webhook to ${endpoint.url} deleted with its delivery log.` });
      return reply.redirect(index(), 303);
    },
  );
}
