export { notify, NOTIFICATION_EVENT, type NewNotification } from './notifications.service.js';
export { notifications } from './notifications.tables.js';
