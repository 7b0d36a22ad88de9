import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import type { JobInfo } from '../../platform/jobs/index.js';
import { channels } from '../../platform/realtime/publisher.js';
import { NOTIFICATION_EVENT } from '../../../shared/notifications/notifications.schemas.js';
import { notifications } from './notifications.tables.js';
import { toNotificationView } from './notifications.props.js';

export const NOTIFICATIONS_DELIVER = 'notifications.deliver';

/** One event told to its recipients: what the `notifications.deliver` job carries. */
const deliverPayload = z.strictObject({
  /**
   * The event: a recipient gets at most one notification per key, however often the job runs
   * (a retry) or the event is queued again (a mention dropped and re-added by an edit). Without
   * one, the job's own id is the key.
   */
  key: z.string().min(1).max(300).optional(),
  /** user ids */
  recipients: z.array(z.string().min(1)).max(1000),
  teamId: z.string().nullable(),
  /** noun.verb, e.g. team.invited, comment.mentioned */
  type: z.string().min(1).max(100),
  title: z.string().min(1),
  body: z.string().nullable(),
  url: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type NotificationDelivery = z.infer<typeof deliverPayload>;

declare module '../../platform/jobs/registry.js' {
  interface JobPayloads {
    'notifications.deliver': NotificationDelivery;
  }
}

export interface NewNotification {
  /** the recipients' user ids */
  userIds: string[];
  key?: string;
  teamId?: string | null;
  type: string;
  title: string;
  body?: string | null;
  url?: string | null;
  data?: Record<string, unknown>;
}

/** The job payload of a notification (for `uc.enqueue(NOTIFICATIONS_DELIVER, ...)`). */
export function notificationPayload(n: NewNotification): NotificationDelivery {
  return {
    ...(n.key ? { key: n.key } : {}),
    recipients: [...new Set(n.userIds)],
    teamId: n.teamId ?? null,
    type: n.type,
    title: n.title,
    body: n.body ?? null,
    url: n.url ?? null,
    data: n.data ?? null,
  };
}

/**
 * Queue a notification (stored for each recipient, pushed live on their private channel) as a
 * `notifications.deliver` job. Pass the write's transaction as `tx` so a rolled-back write tells
 * no one, and call `ctx.jobs.poke()` after the commit; inside a use case, `uc.enqueue` does both.
 */
export async function notify(ctx: AppContext, n: NewNotification, opts: { tx?: Db } = {}) {
  if (n.userIds.length === 0) return null;
  return ctx.jobs.enqueue(NOTIFICATIONS_DELIVER, notificationPayload(n), { tx: opts.tx });
}

/**
 * The job: one insert for all recipients, skipping those who already have this event (the unique
 * (user_id, event_key) index), then a live push for the rows it created. A retry after a commit
 * creates and pushes nothing again.
 */
async function deliverNotifications(
  ctx: AppContext,
  p: NotificationDelivery,
  job: Pick<JobInfo, 'id'>,
) {
  if (p.recipients.length === 0) return;
  const eventKey = p.key ?? `job:${job.id}`;
  const rows = await ctx.db
    .insert(notifications)
    .values(
      p.recipients.map((userId) => ({
        userId,
        teamId: p.teamId,
        type: p.type,
        title: p.title,
        body: p.body,
        url: p.url,
        data: p.data,
        eventKey,
      })),
    )
    .onConflictDoNothing()
    .returning();
  for (const row of rows)
    await ctx.realtime
      .publish(channels.user(row.userId), NOTIFICATION_EVENT, toNotificationView(row))
      .catch(() => {
        // stored anyway (the publisher logged why); the bell catches up on the next page load
      });
}

export function registerNotificationJobs(ctx: AppContext) {
  ctx.jobs.register(NOTIFICATIONS_DELIVER, (p, job) => deliverNotifications(ctx, p, job), {
    payload: deliverPayload,
  });
}
