import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerAuditLogRoutes } from './audit-logs.routes.js';

/** The team's audit trail page (who did what, when, from where). Entries are written with platform/audit. */
export async function auditLogsModule(app: FastifyInstance, ctx: AppContext) {
  registerAuditLogRoutes(app, ctx);
}
