import { z } from 'zod';
import { ABILITIES } from '../permissions.js';

export const TOKEN_NAME_MAX = 100;

const abilities = z
  .array(z.enum(ABILITIES, { error: 'Choose read, create, update or delete.' }), {
    error: 'Choose at least one ability.',
  })
  .min(1, 'Choose at least one ability.')
  .transform((list) => ABILITIES.filter((a) => list.includes(a)));

/** New API token: a name the user recognises and what the token may do. */
export const createApiTokenSchema = z
  .object({
    name: z
      .string({ error: 'Give the token a name.' })
      .trim()
      .min(1, 'Give the token a name.')
      .max(TOKEN_NAME_MAX, `The name may be at most ${TOKEN_NAME_MAX} characters.`),
    abilities,
  })
  .strict();

export const updateApiTokenSchema = z.object({ abilities }).strict();

export const ABILITY_LABELS: Record<(typeof ABILITIES)[number], string> = {
  read: 'Read',
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
};
