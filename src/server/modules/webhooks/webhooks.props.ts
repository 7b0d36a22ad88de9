import type {
  WebhookDeliveryView,
  WebhookEndpointView,
} from '../../../shared/webhooks/webhooks.pages.js';
import type { DeliveryRow, EndpointRow } from './webhooks.queries.js';

/** An endpoint for pages: never its sealed secret */
export function endpointView(e: EndpointRow, last: DeliveryRow | undefined): WebhookEndpointView {
  return {
    id: e.id,
    url: e.url,
    events: e.events,
    active: e.active,
    createdAt: e.createdAt.toISOString(),
    createdBy: e.createdBy,
    lastStatus: last?.status ?? null,
    lastDeliveryAt: last ? last.updatedAt.toISOString() : null,
  };
}

export function deliveryView(d: DeliveryRow): WebhookDeliveryView {
  return {
    id: d.id,
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    httpStatus: d.httpStatus,
    response: d.response,
    payload: JSON.stringify(d.payload, null, 2),
    nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}
