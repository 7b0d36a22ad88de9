import type { AppContext } from '../../platform/context.js';
import { channels } from '../../platform/realtime/publisher.js';
import { NOTIFICATION_EVENT } from '../../../shared/notifications/notifications.schemas.js';
import { notifications } from './notifications.tables.js';
import { toNotificationView } from './notifications.props.js';

export interface NewNotification {
  userId: string;
  teamId?: string | null;
  type: string;
  title: string;
  body?: string | null;
  url?: string | null;
  data?: Record<string, unknown>;
}

/** Store a notification and push it live to the user's private channel (`notification.created`). */
export async function notify(ctx: AppContext, n: NewNotification) {
  const [row] = await ctx.db
    .insert(notifications)
    .values({
      userId: n.userId,
      teamId: n.teamId ?? null,
      type: n.type,
      title: n.title,
      body: n.body ?? null,
      url: n.url ?? null,
      data: n.data ?? null,
    })
    .returning();
  await ctx.realtime
    .publish(channels.user(n.userId), NOTIFICATION_EVENT, toNotificationView(row))
    .catch(() => {
      // stored anyway (the publisher logged why); the bell catches up on the next page load
    });
  return row;
}
