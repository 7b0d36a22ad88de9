import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { forbidden } from '../errors.js';
import { parseInput } from '../http/validate.js';
import { channelKind } from '../../../shared/realtime/channels.js';
import { broadcastingAuthInput } from '../../../shared/realtime/broadcasting.schemas.js';
import { mayJoin } from './channel-rules.js';
import { socketAuth } from './signatures.js';
import type { Principal } from './hub.js';

/**
 * POST /broadcasting/auth: pusher-js asks here before subscribing to a private- or presence-
 * channel; the answer's signature is what the websocket endpoint (or the external service) checks.
 * Cookie-authenticated, so it keeps CSRF (the browser sends X-XSRF-TOKEN).
 */
export function registerBroadcastingAuth(
  app: FastifyInstance,
  ctx: AppContext,
  onGrant?: (socketId: string, channel: string, principal: Principal) => void,
) {
  app.post(
    '/broadcasting/auth',
    {
      config: {
        name: 'broadcasting.auth',
        access: { kind: 'auth' },
        rateLimit: { max: 120, timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      const input = parseInput(broadcastingAuthInput, request.body);
      const actor = request.actor!;
      const kind = channelKind(input.channel_name);
      if (kind === 'public' || !(await mayJoin(ctx.db, actor, input.channel_name)))
        throw forbidden('You may not listen on that channel.');
      const { key, secret } = ctx.config.pusher;
      // embedded: the subscription is bound to this session, and ends with it (subscription-guard.ts)
      if (onGrant) {
        if (!actor.sessionId) throw forbidden('You may not listen on that channel.');
        onGrant(input.socket_id, input.channel_name, {
          userId: actor.user.id,
          sessionId: actor.sessionId,
        });
      }
      if (kind === 'presence') {
        const channelData = JSON.stringify({
          user_id: actor.user.id,
          user_info: { name: actor.user.name },
        });
        return reply.send({
          auth: socketAuth(key, secret, input.socket_id, input.channel_name, channelData),
          channel_data: channelData,
        });
      }
      return reply.send({ auth: socketAuth(key, secret, input.socket_id, input.channel_name) });
    },
  );
}
