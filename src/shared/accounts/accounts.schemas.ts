import { z } from 'zod';

/**
 * Account forms (register, login, password reset, password confirmation), shared by the
 * server (parseInput) and the client (form types). Field names follow Jetstream's.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
const NAME_MAX_LENGTH = 255;
const EMAIL_MAX_LENGTH = 255;

const email = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter your email address.')
  .max(EMAIL_MAX_LENGTH, `The email address may be at most ${EMAIL_MAX_LENGTH} characters.`)
  .pipe(z.email('Please enter a valid email address.'));

/** a new password (register, reset) */
const newPassword = z
  .string({ error: 'Please choose a password.' })
  .min(1, 'Please choose a password.')
  .min(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `The password may be at most ${PASSWORD_MAX_LENGTH} characters.`);

/** an existing password (login, confirm): only required, bounded so nobody hashes megabytes */
const currentPassword = z
  .string({ error: 'Please enter your password.' })
  .min(1, 'Please enter your password.')
  .max(PASSWORD_MAX_LENGTH, `The password may be at most ${PASSWORD_MAX_LENGTH} characters.`);

const confirmation = z
  .string({ error: 'Please confirm the password.' })
  .min(1, 'Please confirm the password.');

/** checkboxes arrive as booleans from Inertia, as 'on' from a plain HTML form */
const checkbox = (v: unknown) =>
  v === 'on' || v === 'true' || v === '1'
    ? true
    : v === '' || v === 'false' || v === '0'
      ? false
      : v;

const MISMATCH = {
  path: ['password_confirmation'],
  message: 'The password confirmation does not match.',
};
const passwordsMatch = (d: { password: string; password_confirmation: string }) =>
  d.password === d.password_confirmation;

export const registerSchema = z
  .object({
    name: z
      .string({ error: 'Please enter your name.' })
      .trim()
      .min(1, 'Please enter your name.')
      .max(NAME_MAX_LENGTH, `The name may be at most ${NAME_MAX_LENGTH} characters.`),
    email,
    password: newPassword,
    password_confirmation: confirmation,
    terms: z.preprocess(
      checkbox,
      z.literal(true, { error: 'Please accept the terms of service and the privacy policy.' }),
    ),
  })
  .strict()
  .refine(passwordsMatch, MISMATCH);

export const loginSchema = z
  .object({
    email,
    password: currentPassword,
    remember: z
      .preprocess(checkbox, z.boolean({ error: 'Remember me must be on or off.' }))
      .optional(),
  })
  .strict();

export const forgotPasswordSchema = z.object({ email }).strict();

export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: 'The reset link is incomplete.' })
      .min(1, 'The reset link is incomplete.')
      .max(512, 'The reset link is invalid.'),
    email,
    password: newPassword,
    password_confirmation: confirmation,
  })
  .strict()
  .refine(passwordsMatch, MISMATCH);

export const confirmPasswordSchema = z.object({ password: currentPassword }).strict();
