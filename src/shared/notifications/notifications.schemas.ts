import { z } from 'zod';

export { BELL_LATEST, NOTIFICATION_EVENT, type NotificationView } from './notifications.js';

/** POST /notifications/:id/read — `open` sends the browser on to the notification's link. */
export const notificationReadInput = z
  .object({
    open: z.union([z.boolean(), z.enum(['1', '0', 'true', 'false'])]).optional(),
  })
  .strict();
