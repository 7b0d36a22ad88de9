import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { CHANNEL_NAME_RE, SOCKET_ID_RE } from '../../../shared/realtime/channels.js';
import type { Hub } from './hub.js';
import { MAX_CHANNELS_PER_PUBLISH, MAX_EVENT_DATA_BYTES, MAX_EVENT_NAME } from './publisher.js';
import { verifyApiRequest } from './signatures.js';

const channelName = z.string().regex(CHANNEL_NAME_RE, 'Invalid channel name.');
const eventInput = z.object({
  name: z
    .string()
    .min(1, 'The event name is required.')
    .max(MAX_EVENT_NAME, `Event names are at most ${MAX_EVENT_NAME} characters.`),
  data: z
    .string('Event data must be a string (JSON-encode objects).')
    .refine(
      (d) => Buffer.byteLength(d) <= MAX_EVENT_DATA_BYTES,
      'Event data is larger than 10 KB.',
    ),
  channels: z
    .array(channelName)
    .min(1)
    .max(MAX_CHANNELS_PER_PUBLISH, `At most ${MAX_CHANNELS_PER_PUBLISH} channels per event.`)
    .optional(),
  channel: channelName.optional(),
  socket_id: z.string().regex(SOCKET_ID_RE, 'Invalid socket_id.').optional(),
  info: z.string().optional(),
});
const eventsBody = eventInput.refine((e) => e.channels || e.channel, 'Give channels or channel.');
const batchBody = z.object({
  batch: z
    .array(eventInput.extend({ channel: channelName }))
    .min(1)
    .max(10, 'At most 10 events per batch.'),
});

type RawRequest = FastifyRequest & { rawBody?: string };

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const res = schema.safeParse(body);
  if (!res.success)
    throw new AppError(
      'BAD_EVENT',
      400,
      res.error.issues
        .map((i) => (i.path.length ? `${i.path.join('.')}: ` : '') + i.message)
        .join(' '),
    );
  return res.data;
}

/**
 * The Pusher HTTP API's publish endpoints (POST /apps/:appId/events and /batch_events), so any
 * Pusher server SDK can publish into the embedded endpoint. Authenticated by Pusher's request
 * signature (access 'signed'), hence no CSRF. Only mounted in embedded mode.
 */
export async function registerHttpApi(app: FastifyInstance, ctx: AppContext, hub: Hub) {
  await app.register(async (scope) => {
    // the signature covers the raw body's MD5, so keep the raw text next to the parsed JSON
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (request, body, done) => {
        (request as RawRequest).rawBody = body as string;
        try {
          done(null, body === '' ? {} : JSON.parse(body as string));
        } catch {
          done(new AppError('BAD_JSON', 400, 'The body is not valid JSON.'), undefined);
        }
      },
    );

    const authenticate = (request: RawRequest) => {
      const { appId } = request.params as { appId: string };
      if (appId !== ctx.config.pusher.appId)
        throw new AppError('UNKNOWN_APP', 404, 'Unknown app id.');
      const res = verifyApiRequest({
        key: ctx.config.pusher.key,
        secret: ctx.config.pusher.secret,
        method: request.method,
        path: request.url.split('?')[0],
        query: request.query as Record<string, unknown>,
        rawBody: request.rawBody ?? '',
      });
      if (!res.ok) throw new AppError('BAD_SIGNATURE', 401, res.reason);
    };

    scope.post(
      '/apps/:appId/events',
      { config: { name: 'pusher.events', access: { kind: 'signed' }, csrf: false } },
      async (request, reply) => {
        authenticate(request as RawRequest);
        const e = parse(eventsBody, request.body);
        for (const channel of e.channels ?? [e.channel!])
          hub.publish(channel, e.name, e.data, e.socket_id);
        return reply.send({});
      },
    );

    scope.post(
      '/apps/:appId/batch_events',
      { config: { name: 'pusher.batch-events', access: { kind: 'signed' }, csrf: false } },
      async (request, reply) => {
        authenticate(request as RawRequest);
        const { batch } = parse(batchBody, request.body);
        for (const e of batch) hub.publish(e.channel, e.name, e.data, e.socket_id);
        return reply.send({ batch: batch.map(() => ({})) });
      },
    );
  });
}
