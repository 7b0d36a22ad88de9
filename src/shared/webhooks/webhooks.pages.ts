import type { DeliveryStatus, WebhookEvent, WebhookEventOrPing } from './webhooks.constants.js';

/** An endpoint as pages see it: never its signing secret */
export interface WebhookEndpointView {
  id: string;
  url: string;
  events: WebhookEvent[];
  active: boolean;
  createdAt: string;
  createdBy: string | null;
  /** the latest delivery's status, if any */
  lastStatus: DeliveryStatus | null;
  lastDeliveryAt: string | null;
}

export interface WebhookDeliveryView {
  id: string;
  event: WebhookEventOrPing;
  status: DeliveryStatus;
  attempts: number;
  httpStatus: number | null;
  /** the receiver's answer, cut at 2 KB, or why it could not be reached */
  response: string | null;
  /** the JSON body that was (or will be) sent, pretty-printed */
  payload: string;
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhooksIndexProps {
  endpoints: WebhookEndpointView[];
  /** the operator allows private network addresses (the form says so) */
  allowPrivate: boolean;
}

export interface WebhooksShowProps {
  endpoint: WebhookEndpointView;
  deliveries: WebhookDeliveryView[];
}
