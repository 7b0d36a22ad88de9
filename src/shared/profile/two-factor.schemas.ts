import { z } from 'zod';

/** A 6-digit code from an authenticator app (spaces allowed, removed). */
const totpCode = z
  .string({ error: 'Please enter the 6-digit code from your authenticator app.' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'The code is the 6 digits shown in your authenticator app.'));

/** POST /user/confirmed-two-factor-authentication */
export const confirmTwoFactorSchema = z.object({ code: totpCode }).strict();

/**
 * POST /two-factor-challenge: a code from the app OR a recovery code (the page toggles
 * between the two fields; a non-empty recoveryCode wins).
 */
export const twoFactorChallengeSchema = z
  .object({
    code: z.string().max(64, 'That is not a valid code.').optional(),
    recoveryCode: z.string().max(64, 'That is not a recovery code.').optional(),
  })
  .strict()
  .transform((v, ctx): { kind: 'totp'; code: string } | { kind: 'recovery'; code: string } => {
    const recovery = v.recoveryCode?.trim() ?? '';
    if (recovery) return { kind: 'recovery', code: recovery };
    if (v.recoveryCode !== undefined && v.code === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['recoveryCode'],
        message: 'Please enter one of your recovery codes.',
      });
      return z.NEVER;
    }
    const parsed = totpCode.safeParse(v.code ?? '');
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: parsed.error.issues[0]?.message ?? 'Please enter the 6-digit code.',
      });
      return z.NEVER;
    }
    return { kind: 'totp', code: parsed.data };
  });
