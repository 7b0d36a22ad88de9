import { z } from 'zod';
import { WEBHOOK_EVENTS } from './webhooks.constants.js';

const url = z
  .string()
  .trim()
  .min(1, 'Give the address that receives the events, e.g. https://example.org/hooks/pathways.')
  .max(500, 'At most 500 characters.')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'An http:// or https:// address without a user name or password in it.');

/** POST webhooks.store / PUT webhooks.update */
export const webhookEndpointSchema = z
  .object({
    url,
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { message: 'Choose events from the list.' }))
      .min(1, 'Choose at least one event.')
      .max(WEBHOOK_EVENTS.length),
    active: z.boolean().default(true),
  })
  .strict();
export type WebhookEndpointInput = z.infer<typeof webhookEndpointSchema>;
