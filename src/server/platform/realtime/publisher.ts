/**
 * The one interface the server publishes live events through. The embedded Pusher-protocol
 * endpoint implements it by default; an external Pusher-compatible service when configured.
 */
export interface Publisher {
  publish(
    channels: string | string[],
    event: string,
    data: unknown,
    opts?: { excludeSocketId?: string },
  ): Promise<void>;
}

/** Channel names used across the app (shared with the browser). */
export { channels } from '../../../shared/realtime/channels.js';

/** Pusher's limits on what one publish may carry. */
export const MAX_EVENT_NAME = 200;
export const MAX_CHANNELS_PER_PUBLISH = 100;
export const MAX_EVENT_DATA_BYTES = 10 * 1024;

/** Event data travels as a string in the Pusher protocol; objects are JSON-encoded. */
export function encodeEventData(data: unknown): string {
  return typeof data === 'string' ? data : JSON.stringify(data ?? null);
}
