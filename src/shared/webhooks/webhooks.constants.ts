/** The events a webhook endpoint may subscribe to (`ping` is only sent by "Send test") */
export const WEBHOOK_EVENTS = [
  'response.created',
  'import.finished',
  'metric_value.changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export type WebhookEventOrPing = WebhookEvent | 'ping';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'response.created': 'A form response arrives',
  'import.finished': 'A dataset import finishes (file, address, database or connector)',
  'metric_value.changed': 'A metric value is entered, changed or deleted',
};

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'given_up';

/**
 * Waits before the 2nd, 3rd, ... attempt of a delivery: 1 min, 5 min, 30 min, 2 h, 6 h; after
 * the 6th attempt fails the delivery is given up.
 */
export const WEBHOOK_BACKOFF_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_BACKOFF_MS.length + 1;
/** The receiver must answer within this time */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** At most this much of a receiver's answer is kept in the delivery log */
export const WEBHOOK_RESPONSE_KEEP = 2048;
