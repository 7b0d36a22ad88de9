import { z } from 'zod';
import { ROLES, type Role } from '../permissions.js';

/** Roles that can be given by invitation or a role change; ownership moves only by transfer. */
export const ASSIGNABLE_ROLES = ROLES.filter((r): r is Exclude<Role, 'owner'> => r !== 'owner');
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

const EMAIL_MAX = 254;

const assignableRole = z.enum(ASSIGNABLE_ROLES as [AssignableRole, ...AssignableRole[]], {
  error: `Choose a role: ${ASSIGNABLE_ROLES.join(', ')}.`,
});

export const inviteMemberSchema = z
  .object({
    email: z
      .string({ error: 'Please enter an email address.' })
      .trim()
      .toLowerCase()
      .min(1, 'Please enter an email address.')
      .max(EMAIL_MAX, `An email address may have at most ${EMAIL_MAX} characters.`)
      .pipe(z.email('Please enter a valid email address.')),
    role: assignableRole,
  })
  .strict();
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

export const updateMemberRoleSchema = z.object({ role: assignableRole }).strict();

export const transferOwnershipSchema = z
  .object({
    userId: z
      .string({ error: 'Choose the new owner.' })
      .trim()
      .min(1, 'Choose the new owner.')
      .max(100, 'Unknown member.'),
  })
  .strict();
