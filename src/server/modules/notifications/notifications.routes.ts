import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { parseInput } from '../../platform/http/validate.js';
import {
  BELL_LATEST,
  notificationReadInput,
} from '../../../shared/notifications/notifications.schemas.js';
import {
  listNotifications,
  markAllRead,
  markRead,
  pageNotifications,
  totalCount,
  unreadCount,
} from './notifications.queries.js';
import { toNotificationView } from './notifications.props.js';

const notificationId = z.uuid();

export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/notifications',
    { config: { name: 'notifications.index', access: { kind: 'verified' } } },
    async (request, reply) => {
      const userId = request.actor!.user.id;
      return reply.inertia('notifications/index', {
        // one page of the user's notifications (DataTable, server side); bad query values fall back to defaults
        notifications: async () => {
          const page = await pageNotifications(ctx.db, userId, request.query);
          return { ...page, rows: page.rows.map(toNotificationView) };
        },
        total: () => totalCount(ctx.db, userId),
        unread: () => unreadCount(ctx.db, userId),
      });
    },
  );

  // the bell's dropdown: the latest few, fetched when it opens
  app.get(
    '/notifications/latest',
    { config: { name: 'notifications.latest', access: { kind: 'verified' } } },
    async (request, reply) => {
      const userId = request.actor!.user.id;
      const [rows, unread] = await Promise.all([
        listNotifications(ctx.db, userId, BELL_LATEST),
        unreadCount(ctx.db, userId),
      ]);
      return reply
        .header('cache-control', 'no-store')
        .send({ notifications: rows.map(toNotificationView), unread });
    },
  );

  app.post(
    '/notifications/read-all',
    { config: { name: 'notifications.read-all', access: { kind: 'verified' } } },
    async (request, reply) => {
      const n = await markAllRead(ctx.db, request.actor!.user.id);
      reply.flash({
        success: n === 1 ? '1 notification marked as read.' : `${n} notifications marked as read.`,
      });
      return reply.back(`/notifications`);
    },
  );

  app.post(
    '/notifications/:id/read',
    { config: { name: 'notifications.read', access: { kind: 'verified' } } },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const input = parseInput(notificationReadInput, request.body);
      // another user's id, or no such id: the same 404
      if (!notificationId.safeParse(id).success) throw notFound('Notification');
      const row = await markRead(ctx.db, request.actor!.user.id, id);
      if (!row) throw notFound('Notification');
      const open = input.open === true || input.open === '1' || input.open === 'true';
      const target = open ? toNotificationView(row).url : null;
      if (target) return reply.redirect(target, 303);
      return reply.back('/notifications');
    },
  );
}
