import { z } from 'zod';

/** Password length rules (mirror Better Auth's settings in platform/auth/auth.ts). */
export const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

const name = z
  .string({ error: 'Please enter your name.' })
  .trim()
  .min(1, 'Please enter your name.')
  .max(255, 'Your name may be at most 255 characters.');

const email = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .min(1, 'Please enter your email address.')
  .max(255, 'The email address may be at most 255 characters.')
  .pipe(z.email('Please enter a valid email address.'))
  .transform((v) => v.toLowerCase());

/** The password the user types to prove it is them (never stored, never logged). */
const currentPassword = z
  .string({ error: 'Please enter your password.' })
  .min(1, 'Please enter your password.')
  .max(PASSWORD_MAX, `Passwords are at most ${PASSWORD_MAX} characters.`);

/** PUT /user/profile-information */
export const updateProfileInformationSchema = z
  .object({
    name,
    email,
  })
  .strict();

/** PUT /user/password */
export const updatePasswordSchema = z
  .object({
    currentPassword,
    password: z
      .string({ error: 'Please choose a new password.' })
      .min(PASSWORD_MIN, `The new password must be at least ${PASSWORD_MIN} characters.`)
      .max(PASSWORD_MAX, `The new password may be at most ${PASSWORD_MAX} characters.`),
    passwordConfirmation: z.string({ error: 'Please repeat the new password.' }),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.password !== v.passwordConfirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['passwordConfirmation'],
        message: 'The two new passwords do not match.',
      });
    }
    if (v.password && v.password === v.currentPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'The new password must differ from your current password.',
      });
    }
  });

/** DELETE /user/other-browser-sessions and DELETE /user: the current password. */
export const passwordOnlySchema = z.object({ password: currentPassword }).strict();
