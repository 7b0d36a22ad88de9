import { z } from 'zod';
import { CHANNEL_NAME_RE, SOCKET_ID_RE } from './channels.js';

/** What pusher-js posts to the channel authorization endpoint (form-encoded or JSON). */
export const broadcastingAuthInput = z
  .object({
    socket_id: z
      .string({ error: 'The socket id is required.' })
      .regex(SOCKET_ID_RE, 'The socket id must look like "123.456".'),
    channel_name: z
      .string({ error: 'The channel name is required.' })
      .regex(
        CHANNEL_NAME_RE,
        'The channel name must be 1-164 letters, digits or _ - = @ , . ; characters.',
      ),
  })
  .strict();
