import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors.js';
import { parseInput } from '../http/validate.js';
import type { ApiOperation, OpenApiRegistry } from './registry.js';

/** Requests per token (or per IP without a valid token) per minute on /api/v1. */
export const API_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface ApiHandlerInput<P, Q, B> {
  request: FastifyRequest;
  reply: FastifyReply;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
}

/**
 * Register an /api route and document it in one go: Fastify route (named, access rule from the
 * ability, per-token rate limit), input parsed with the operation's zod schemas, and the
 * operation added to the OpenAPI registry. Later modules add their endpoints the same way.
 */
export function apiRoute<
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  app: FastifyInstance,
  registry: OpenApiRegistry,
  op: ApiOperation & { params?: P; query?: Q; body?: B },
  handler: (input: ApiHandlerInput<P, Q, B>) => Promise<unknown>,
) {
  if (!op.path.startsWith('/api/'))
    throw new Error(`API route ${op.name} must live under /api/ (got ${op.path}).`);
  registry.add(op);
  app.route({
    method: op.method.toUpperCase() as 'GET',
    url: op.path,
    config: {
      name: op.name,
      access: op.ability
        ? {
            kind: 'api',
            ability: op.ability,
            ...(op.permission ? { permission: op.permission } : {}),
          }
        : { kind: 'public' },
      rateLimit: {
        max: app.ctx?.config.apiRateLimitPerMinute ?? API_RATE_LIMIT.max,
        timeWindow: API_RATE_LIMIT.timeWindow,
        // the actor hook (onRequest, app level) has already resolved the bearer token
        keyGenerator: (request: FastifyRequest) =>
          request.actor?.token ? `token:${request.actor.token.id}` : `ip:${request.ip}`,
        errorResponseBuilder: (_request: FastifyRequest, context: { after: string; ttl: number }) =>
          new AppError(
            'TOO_MANY_REQUESTS',
            429,
            `Too many requests. Try again in ${context.after}.`,
          ),
      },
    },
    handler: async (request, reply) => {
      const params = (op.params ? parseInput(op.params, request.params) : undefined) as Out<P>;
      const query = (op.query ? parseInput(op.query, request.query) : undefined) as Out<Q>;
      const body = (op.body ? parseInput(op.body, request.body) : undefined) as Out<B>;
      const result = await handler({ request, reply, params, query, body });
      if (reply.sent) return reply;
      if (result === undefined) return reply.code(op.status ?? 204).send();
      return reply.code(op.status ?? 200).send(result);
    },
  });
}
