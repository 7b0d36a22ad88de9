import { z } from 'zod';

const MAX_QUESTION = 2000;

/** A question to Chanakya: in a conversation of the user's, or (without one) starting a new one. */
export const askSchema = z.strictObject({
  question: z
    .string({ error: 'Type a question.' })
    .trim()
    .min(1, 'Type a question.')
    .max(MAX_QUESTION, `At most ${MAX_QUESTION} characters.`),
  conversationId: z.uuid({ error: 'That is not a valid conversation.' }).nullable().optional(),
  /** asked from a problem's side panel: about that problem (a new conversation keeps it) */
  problemId: z.uuid({ error: 'That is not a valid problem.' }).nullable().optional(),
});
