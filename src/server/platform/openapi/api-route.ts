import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors.js';
import { parseInput } from '../http/validate.js';
import type { ApiOperation, OpenApiRegistry } from './registry.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** team, route and the query string's parameters in a fixed order (the same list asked with its parameters reordered is one entry) */
function listKey(teamId: string, route: string, query: unknown): string {
  const entries = Object.entries((query ?? {}) as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return JSON.stringify([teamId, route, entries]);
}

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
  op: ApiOperation & {
    params?: P;
    query?: Q;
    body?: B;
    /**
     * A team list read (GET): its JSON is kept between requests in ctx.listCache, keyed by team,
     * route and query string, and dropped when the team's listed content changes
     * (platform/http/list-cache.ts). Only for handlers whose answer depends on nothing but the
     * team, the query string and the tables migration 0006 watches.
     */
    listCache?: boolean;
  },
  handler: (input: ApiHandlerInput<P, Q, B>) => Promise<unknown>,
) {
  if (!op.path.startsWith('/api/'))
    throw new Error(`API route ${op.name} must live under /api/ (got ${op.path}).`);
  const { listCache: cached, ...operation } = op;
  if (cached && op.method !== 'get')
    throw new Error(`API route ${op.name}: only a GET list may be cached.`);
  registry.add(operation);
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
      const cache = cached ? (app.ctx?.listCache ?? null) : null;
      const teamId = request.actor?.token ? request.actor.team?.id : undefined;
      if (cache && teamId) {
        await cache.ready();
        const key = listKey(teamId, op.name, request.query);
        const hit = cache.get(key, teamId);
        if (hit !== undefined) return reply.code(200).type(JSON_TYPE).send(hit);
        const stamp = cache.stamp(teamId);
        const result = await handler({ request, reply, params, query, body });
        if (reply.sent) return reply;
        if (result === undefined) return reply.code(op.status ?? 204).send();
        const json = JSON.stringify(result);
        cache.set(key, teamId, stamp, json);
        return reply.code(200).type(JSON_TYPE).send(json);
      }
      const result = await handler({ request, reply, params, query, body });
      if (reply.sent) return reply;
      if (result === undefined) return reply.code(op.status ?? 204).send();
      return reply.code(op.status ?? 200).send(result);
    },
  });
}
