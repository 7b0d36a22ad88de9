import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { ValidationError } from '../../platform/errors.js';
import { parseInput } from '../../platform/http/validate.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { rotateConnectorSecretSchema } from '../../../shared/connectors/connectors.schemas.js';
import { findConnector } from './connectors.queries.js';
import { testOf } from './connectors.probe.js';
import { revokeConnectorSecret, rotateConnectorSecret } from './connectors.use-cases.js';

/** Stored secrets are the team's settings: owners and administrators change them */
const manage = { kind: 'team', permission: 'team.settings.manage' } as const;

const connectorParam = (request: FastifyRequest) =>
  (request.params as Record<string, string>).connector;

/**
 * A connector's token or password on Settings → Sources authentication (the page itself is the
 * databases module's): rotate it (the new one tested against the service first, never stored if
 * refused) or revoke it (wiped; imports and refreshes fail until a new one is added).
 */
export function registerConnectorCredentialRoutes(app: FastifyInstance, ctx: AppContext) {
  const back = () => ctx.routes.url('source-credentials.index', {});

  app.post(
    '/settings/sources-authentication/connectors/:connector/rotate',
    { config: { name: 'connector-credentials.rotate', access: manage } },
    async (request, reply) => {
      const actor = actorOf(request);
      const input = parseInput(rotateConnectorSecretSchema, request.body);
      const connector = await findConnector(ctx.db, actor.teamId, connectorParam(request));
      // tested before anything is stored (outside the transaction: a remote call)
      const tested = await testOf(ctx, connector, input.secret);
      if (!tested.ok) throw new ValidationError({ secret: tested.message });
      await runUseCase(ctx, actor, (uc) =>
        rotateConnectorSecret(uc, connector.id, {
          secret: input.secret,
          tested,
          now: new Date(),
        }),
      );
      reply.flash({ success: `New credential stored for “${connector.name}”. ${tested.message}` });
      return reply.redirect(back(), 303);
    },
  );

  app.delete(
    '/settings/sources-authentication/connectors/:connector',
    { config: { name: 'connector-credentials.revoke', access: manage } },
    async (request, reply) => {
      const connector = await runUseCase(ctx, actorOf(request), (uc) =>
        revokeConnectorSecret(uc, connectorParam(request), new Date()),
      );
      reply.flash({
        success: `The credential of “${connector.name}” is wiped: its imports and refreshes fail until a new one is added here.`,
      });
      return reply.redirect(back(), 303);
    },
  );
}
