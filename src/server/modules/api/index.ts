import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerApiRoutes } from './api.routes.js';

/** The public REST API's base: /api/v1/me and the OpenAPI document. Other modules add endpoints with platform/openapi/api-route.ts. */
export async function apiModule(app: FastifyInstance, ctx: AppContext) {
  registerApiRoutes(app, ctx);
}
