import type { AppContext } from '../../platform/context.js';
import { channels } from '../../platform/realtime/publisher.js';
import { notifications } from './notifications.tables.js';

export interface NewNotification {
  userId: string;
  teamId?: string | null;
  type: string;
  title: string;
  body?: string | null;
  url?: string | null;
  data?: Record<string, unknown>;
}

/** The event name browsers listen for on `private-user.{id}`. */
export const NOTIFICATION_EVENT = 'notification.created';

/** Store a notification and push it live to the user's private channel. */
export async function notify(ctx: AppContext, n: NewNotification) {
  const [row] = await ctx.db
    .insert(notifications)
    .values({ userId: n.userId, teamId: n.teamId ?? null, type: n.type, title: n.title, body: n.body ?? null, url: n.url ?? null, data: n.data ?? null })
    .returning();
  await ctx.realtime
    .publish(channels.user(n.userId), NOTIFICATION_EVENT, { id: row.id, type: row.type, title: row.title, body: row.body, url: row.url, createdAt: row.createdAt.toISOString() })
    .catch(() => {
      /* stored anyway; the bell catches up on next page load */
    });
  return row;
}
