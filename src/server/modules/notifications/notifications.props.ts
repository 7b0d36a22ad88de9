import type { NotificationView } from '../../../shared/notifications/notifications.schemas.js';
import type { NotificationRow } from './notifications.queries.js';

/** Only in-app paths may be followed from a notification (no other sites, no protocol-relative URLs). */
function safeInternalUrl(url: string | null): string | null {
  if (!url || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return null;
  return url;
}

export function toNotificationView(
  row: Pick<NotificationRow, 'id' | 'type' | 'title' | 'body' | 'url' | 'readAt' | 'createdAt'>,
): NotificationView {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    url: safeInternalUrl(row.url),
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
