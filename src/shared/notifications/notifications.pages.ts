import type { TablePage } from '../table/table-query.js';
import type { NotificationView } from './notifications.js';

/** Props of the notifications page (modules/notifications). */
export interface NotificationsIndexProps {
  /** one page of the user's notifications (server-side table) */
  notifications: TablePage<NotificationView>;
  /** all of the user's notifications, whatever the search */
  total: number;
  unread: number;
}
