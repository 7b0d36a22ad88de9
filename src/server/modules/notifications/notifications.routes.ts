import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { parseInput } from '../../platform/http/validate.js';
import { BELL_LATEST, NOTIFICATIONS_PER_PAGE, notificationReadInput, notificationsListQuery } from '../../../shared/notifications/notifications.schemas.js';
import { listNotifications, markAllRead, markRead, totalCount, unreadCount } from './notifications.queries.js';
import { toNotificationView } from './notifications.props.js';

const notificationId = z.uuid();

export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/notifications', { config: { name: 'notifications.index', access: { kind: 'verified' } } }, async (request, reply) => {
    const { page } = parseInput(notificationsListQuery, request.query);
    const userId = request.actor!.user.id;
    const [rows, total, unread] = await Promise.all([
      listNotifications(ctx.db, userId, NOTIFICATIONS_PER_PAGE, (page - 1) * NOTIFICATIONS_PER_PAGE),
      totalCount(ctx.db, userId),
      unreadCount(ctx.db, userId),
    ]);
    return reply.inertia('notifications/index', {
      notifications: rows.map(toNotificationView),
      pagination: { page, perPage: NOTIFICATIONS_PER_PAGE, total, lastPage: Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE)) },
      unread,
    });
  });

  // the bell's dropdown: the latest few, fetched when it opens
  app.get('/notifications/latest', { config: { name: 'notifications.latest', access: { kind: 'verified' } } }, async (request, reply) => {
    const userId = request.actor!.user.id;
    const [rows, unread] = await Promise.all([listNotifications(ctx.db, userId, BELL_LATEST), unreadCount(ctx.db, userId)]);
    return reply.header('cache-control', 'no-store').send({ notifications: rows.map(toNotificationView), unread });
  });

  app.post('/notifications/read-all', { config: { name: 'notifications.read-all', access: { kind: 'verified' } } }, async (request, reply) => {
    const n = await markAllRead(ctx.db, request.actor!.user.id);
    reply.flash({ success: n === 1 ? '1 notification marked as read.' : `${n} notifications marked as read.` });
    return reply.back(`/notifications`);
  });

  app.post('/notifications/:id/read', { config: { name: 'notifications.read', access: { kind: 'verified' } } }, async (request, reply) => {
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
  });
}
