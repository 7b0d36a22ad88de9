import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { apiRoute } from '../../platform/openapi/api-route.js';
import { ABILITIES, ROLES } from '../../../shared/permissions.js';

const API_VERSION = '1.0.0';

const meResponse = z
  .object({
    user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    team: z.object({ id: z.string(), name: z.string() }),
    role: z.enum(ROLES).nullable(),
    abilities: z.array(z.enum(ABILITIES)),
  })
  .meta({ id: 'Me' });

export function registerApiRoutes(app: FastifyInstance, ctx: AppContext) {
  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'get',
      path: '/api/v1/me',
      name: 'api.me',
      summary: 'The token’s user, team, role and abilities',
      tags: ['Account'],
      ability: 'read',
      response: meResponse,
    },
    async ({ request }) => {
      const actor = request.actor!;
      return {
        user: { id: actor.user.id, name: actor.user.name, email: actor.user.email },
        team: { id: actor.team!.id, name: actor.team!.name },
        role: actor.role,
        abilities: actor.token!.abilities,
      } satisfies z.output<typeof meResponse>;
    },
  );

  // the document itself: public, rate limited per IP like the rest of the API
  app.get(
    '/api/v1/openapi.json',
    {
      config: {
        name: 'api.openapi',
        access: { kind: 'public' },
        rateLimit: { max: 120, timeWindow: 60_000 },
      },
    },
    async (_request, reply) => {
      const doc = ctx.openapi.document({
        title: `${ctx.config.appName} API`,
        version: API_VERSION,
        serverUrl: ctx.config.appUrl,
        description:
          'Authenticate with `Authorization: Bearer <token>`. Errors are problem+json (RFC 9457). Each token is limited to 120 requests a minute.',
      });
      return reply.header('cache-control', 'no-cache').send(doc);
    },
  );
}
