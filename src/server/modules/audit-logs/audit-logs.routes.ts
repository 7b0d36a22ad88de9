import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { auditLogQuerySchema } from '../../../shared/audit-logs/audit-logs.schemas.js';
import { auditActionLabel } from '../../../shared/audit-logs/action-labels.js';
import { auditLogFilterOptions, pageAuditLogs, parseLogTableQuery } from './audit-logs.queries.js';
import { auditRowProps } from './audit-logs.props.js';

export function registerAuditLogRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/logs',
    { config: { name: 'logs.index', access: { kind: 'team', permission: 'team.logs.view' } } },
    async (request, reply) => {
      const teamId = request.actor!.team!.id;
      // bad values in the URL fall back to their defaults (both parsers catch), never a 500
      const filters = auditLogQuerySchema.parse(request.query ?? {});
      const q = parseLogTableQuery(request.query);
      return reply.inertia('logs/index', {
        // functions: the table's partial reloads (only: ['logs']) evaluate just this one
        logs: async () => {
          const page = await pageAuditLogs(ctx.db, teamId, q, filters);
          return { ...page, rows: page.rows.map(auditRowProps) };
        },
        filters: {
          action: filters.action ?? null,
          user: filters.user ?? null,
          from: filters.from ?? null,
          to: filters.to ?? null,
        },
        options: async () => {
          const options = await auditLogFilterOptions(ctx.db, teamId);
          return {
            actions: options.actions.map((a) => ({ value: a, label: auditActionLabel(a) })),
            users: options.members.map((m) => ({ value: m.id, label: `${m.name} (${m.email})` })),
          };
        },
      });
    },
  );
}
