/**
 * Notification constants and the view type, without zod: the app layout's bell imports these,
 * and importing the schemas module would put all of zod on every signed-in page's first load.
 */

/** The event browsers listen for on `private-user.{id}` when a notification is stored. */
export const NOTIFICATION_EVENT = 'notification.created';

/** The bell shows the latest few; the notifications screen is a DataTable (10 a page by default). */
export const BELL_LATEST = 5;

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
