import { z } from 'zod';

/** The event browsers listen for on `private-user.{id}` when a notification is stored. */
export const NOTIFICATION_EVENT = 'notification.created';

/** Notifications per page on the notifications screen; the bell shows the latest few. */
export const NOTIFICATIONS_PER_PAGE = 20;
export const BELL_LATEST = 5;

export const notificationsListQuery = z
  .object({
    page: z.coerce.number({ error: 'The page must be a number.' }).int('The page must be a whole number.').min(1, 'The page must be 1 or more.').max(100000, 'That page is out of range.').default(1),
  })
  .strict();

/** POST /notifications/:id/read — `open` sends the browser on to the notification's link. */
export const notificationReadInput = z
  .object({
    open: z.union([z.boolean(), z.enum(['1', '0', 'true', 'false'])]).optional(),
  })
  .strict();

/** A notification as pages and the bell see it (also the live event's payload, without readAt). */
export interface NotificationView {
  id: string;
  type: string;
  title: string;
  body: string | null;
  url: string | null;
  readAt: string | null;
  createdAt: string;
}
