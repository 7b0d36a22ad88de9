import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { auditLogQuerySchema } from '../../../shared/audit-logs/audit-logs.schemas.js';
import { auditActionLabel } from '../../../shared/audit-logs/action-labels.js';
import { auditLogFilterOptions, pageAuditLogs } from './audit-logs.queries.js';
import { auditRowProps } from './audit-logs.props.js';

export function registerAuditLogRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/logs', { config: { name: 'logs.index', access: { kind: 'team', permission: 'team.logs.view' } } }, async (request, reply) => {
    const teamId = request.actor!.team!.id;
    // a bad value in the URL falls back to its default (the schema catches), never a 500
    const q = auditLogQuerySchema.parse(request.query ?? {});
    const [{ rows, total, page }, options] = await Promise.all([pageAuditLogs(ctx.db, teamId, q), auditLogFilterOptions(ctx.db, teamId)]);
    return reply.inertia('logs/index', {
      rows: rows.map(auditRowProps),
      total,
      page,
      perPage: q.perPage,
      search: q.search ?? '',
      sort: q.sort,
      dir: q.dir,
      filters: { action: q.action ?? null, user: q.user ?? null, from: q.from ?? null, to: q.to ?? null },
      options: {
        actions: options.actions.map((a) => ({ value: a, label: auditActionLabel(a) })),
        users: options.members.map((m) => ({ value: m.id, label: `${m.name} (${m.email})` })),
      },
    });
  });
}
