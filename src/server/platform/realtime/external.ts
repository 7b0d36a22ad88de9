import Pusher from 'pusher';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { encodeEventData, MAX_CHANNELS_PER_PUBLISH, type Publisher } from './publisher.js';

/**
 * Publish through an external Pusher-compatible service (Pusher, Soketi, Reverb) with the
 * official server SDK. This is the scaled mode: every web and worker process publishes to the
 * same service, and browsers connect to it instead of to our embedded endpoint.
 */
export function createExternalPublisher(
  pusher: Config['pusher'],
  log: FastifyBaseLogger,
): Publisher {
  const client = new Pusher({
    appId: pusher.appId,
    key: pusher.key,
    secret: pusher.secret,
    useTLS: pusher.scheme === 'https',
    ...(pusher.host
      ? { host: pusher.host, ...(pusher.port ? { port: String(pusher.port) } : {}) }
      : { cluster: pusher.cluster }),
    timeout: 10_000,
  });
  return {
    async publish(channels, event, data, opts) {
      const list = Array.isArray(channels) ? channels : [channels];
      const payload = encodeEventData(data);
      for (let i = 0; i < list.length; i += MAX_CHANNELS_PER_PUBLISH) {
        await client
          .trigger(
            list.slice(i, i + MAX_CHANNELS_PER_PUBLISH),
            event,
            payload,
            opts?.excludeSocketId ? { socket_id: opts.excludeSocketId } : undefined,
          )
          .catch((err: unknown) => {
            const e = err as { status?: number; message?: string };
            log.warn(
              { event, status: e.status, reason: e.message },
              'realtime: publishing to the external Pusher service failed',
            );
            throw err;
          });
      }
    },
  };
}
