import { z } from 'zod';

export { BELL_LATEST, NOTIFICATION_EVENT, NOTIFICATIONS_PER_PAGE, type NotificationView } from './notifications.js';

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

