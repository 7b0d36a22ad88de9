import { z } from 'zod';

/** The event browsers listen for on `private-user.{id}` when a notification is stored. */
export const NOTIFICATION_EVENT = 'notification.created';

/** The bell shows the latest few; the notifications screen is a DataTable (10 a page by default). */
export const BELL_LATEST = 5;

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
