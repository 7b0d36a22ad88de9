import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { registerBroadcastingAuth } from './broadcasting-auth.js';
import { registerHttpApi } from './http-api.js';
import { Hub } from './hub.js';
import { encodeEventData, MAX_EVENT_NAME, type Publisher } from './publisher.js';
import { SocketServer } from './socket-server.js';
import { SubscriptionGuard } from './subscription-guard.js';
import { CHANNEL_NAME_RE } from '../../../shared/realtime/channels.js';

/** The embedded mode's publisher, with its hub and socket server (tests reach them through app.ctx.realtime). */
export interface EmbeddedRealtime extends Publisher {
  mode: 'embedded';
  hub: Hub;
  sockets: SocketServer;
  guard: SubscriptionGuard;
}

export interface ExternalRealtime extends Publisher {
  mode: 'external';
}

/**
 * The live channel, Pusher Channels protocol throughout:
 * - embedded (default): a websocket endpoint at /app/:key in this process, the Pusher HTTP
 *   publish API at /apps/:appId/events, and an in-process publisher. Sockets live in ONE
 *   process, so this mode is for a single web process.
 * - external (PUSHER_HOST or PUSHER_CLUSTER set): browsers connect to a Pusher-compatible
 *   service (Pusher, Soketi, Reverb) and every process publishes to it through the `pusher`
 *   SDK. This is how several web/worker processes share one live channel.
 * Both modes sign private/presence subscriptions at POST /broadcasting/auth.
 */
export async function createRealtime(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<EmbeddedRealtime | ExternalRealtime> {
  const { pusher } = ctx.config;
  if (pusher.external) {
    // the external service keeps its subscriptions: see docs/realtime.md for what that means on sign-out
    registerBroadcastingAuth(app, ctx);
    // the Pusher SDK (~13 MB once loaded) only when an external service is configured
    const { createExternalPublisher } = await import('./external.js');
    return { mode: 'external', ...createExternalPublisher(pusher, app.log) };
  }

  const hub = new Hub();
  const guard = new SubscriptionGuard(ctx.db, hub, app.log);
  registerBroadcastingAuth(app, ctx, (socketId, channel, principal) =>
    hub.grant(socketId, channel, principal),
  );
  guard.install(app);
  const sockets = new SocketServer(app, hub, {
    key: pusher.key,
    secret: pusher.secret,
    clientEvents: pusher.clientEvents,
    log: app.log,
  });
  await registerHttpApi(app, ctx, hub);
  // app.server exists from the start; attaching on ready keeps inject()-only tests free of timers
  app.addHook('onReady', async () => sockets.attach());
  app.addHook('preClose', async () => sockets.close());

  return {
    mode: 'embedded',
    hub,
    sockets,
    guard,
    async publish(channels, event, data, opts) {
      if (event.length === 0 || event.length > MAX_EVENT_NAME)
        throw new Error(`Event name must be 1-${MAX_EVENT_NAME} characters.`);
      const payload = encodeEventData(data);
      for (const channel of Array.isArray(channels) ? channels : [channels]) {
        if (!CHANNEL_NAME_RE.test(channel))
          throw new Error(`Invalid channel name '${channel.slice(0, 170)}'.`);
        hub.publish(channel, event, payload, opts?.excludeSocketId);
      }
    },
  };
}
