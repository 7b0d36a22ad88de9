import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { Publisher } from './publisher.js';

/**
 * Sets up the live channel and returns the publisher.
 * TODO(realtime helper): embedded Pusher-protocol endpoint, /broadcasting/auth, HTTP publish API, external Pusher.
 */
export async function createRealtime(app: FastifyInstance, _ctx: AppContext): Promise<Publisher> {
  return {
    async publish(channels, event) {
      app.log.debug({ channels, event }, 'realtime publish (no endpoint yet)');
    },
  };
}
