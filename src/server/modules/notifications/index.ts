import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { deleteForUser, unreadCount } from './notifications.queries.js';
import { registerNotificationRoutes } from './notifications.routes.js';

import { registerNotificationJobs } from './notifications.service.js';

export {
  notify,
  notificationPayload,
  NOTIFICATIONS_DELIVER,
  type NewNotification,
} from './notifications.service.js';
export { notifications } from './notifications.tables.js';

/** Stored notifications: the list page, marking read, the unread badge (shared prop), live pushes: notify() queues a `notifications.deliver` job. */
export async function notificationsModule(app: FastifyInstance, ctx: AppContext) {
  registerNotificationJobs(ctx);
  ctx.shared.add('unreadNotifications', (request) =>
    request.actor && !request.actor.token ? unreadCount(ctx.db, request.actor.user.id) : 0,
  );
  ctx.hooks.userDeleting.push((user) => deleteForUser(user.db, user.id));
  registerNotificationRoutes(app, ctx);
}
