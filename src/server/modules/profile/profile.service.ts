import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { users } from '../../platform/auth/auth.tables.js';
import { authErrorMessage } from '../../platform/auth/bridge.js';
import { ValidationError } from '../../platform/errors.js';
import type { AccountUseCase } from '../../platform/use-case/index.js';

export interface ProfileChange {
  nameChanged: boolean;
  emailChanged: boolean;
  previousEmail: string;
}

/**
 * Save name and email. A new email address is unverified until the user clicks the link sent
 * to it (Jetstream's rule): the address changes now, verified routes are closed until then.
 */
export async function updateProfileInformation(
  uc: AccountUseCase,
  user: { id: string; name: string; email: string },
  input: { name: string; email: string },
  headers: Headers,
): Promise<ProfileChange> {
  const { ctx } = uc;
  const db = uc.tx;
  const emailChanged = input.email !== user.email.toLowerCase();
  const nameChanged = input.name !== user.name;
  if (emailChanged) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${input.email}`, ne(users.id, user.id)))
      .limit(1);
    if (taken)
      throw new ValidationError({
        email: 'That email address is already used by another account.',
      });
  }
  if (!emailChanged && !nameChanged) {
    uc.unaudited('nothing changed');
    return { nameChanged, emailChanged, previousEmail: user.email };
  }

  try {
    await db
      .update(users)
      .set({
        name: input.name,
        ...(emailChanged ? { email: input.email, emailVerified: false } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
  } catch (err) {
    if (
      (err as { code?: string; cause?: { code?: string } }).code === '23505' ||
      (err as { cause?: { code?: string } }).cause?.code === '23505'
    ) {
      throw new ValidationError({
        email: 'That email address is already used by another account.',
      });
    }
    throw err;
  }

  await uc.audit({
    action: 'user.profile_updated',
    subject: { type: 'user', id: user.id, label: input.email },
    details: {
      changed: [...(nameChanged ? ['name'] : []), ...(emailChanged ? ['email'] : [])],
      ...(emailChanged ? { previousEmail: user.email, verificationSent: true } : {}),
    },
  });
  if (emailChanged) {
    // the old address hears about it, so a hijacked session cannot move the account silently
    await uc.enqueue(
      'mail.send',
      ctx.mail.payload('profile.email-changed', {
        userId: user.id,
        previousEmail: user.email,
        newEmail: input.email,
      }),
    );
    // Better Auth reads the new address from the database: its verification mail is queued
    // once the change has committed
    uc.afterCommit(() => sendNewAddressVerification(ctx, input, headers));
  }
  return { nameChanged, emailChanged, previousEmail: user.email };
}

async function sendNewAddressVerification(
  ctx: AppContext,
  input: { email: string },
  headers: Headers,
) {
  // Better Auth signs the verification token for the (now unverified) new address and calls
  // our verification mail (platform/auth/auth.ts -> ctx.accountMail.verification: a queued job)
  try {
    await ctx.auth.api.sendVerificationEmail({ body: { email: input.email }, headers });
  } catch (err) {
    throw new Error(
      `verification mail for a changed email address failed: ${authErrorMessage(err).message}`,
    );
  }
}

const emailChangedData = z.strictObject({
  userId: z.string().min(1),
  previousEmail: z.string().min(1),
  newEmail: z.string().min(1),
});

declare module '../../platform/mail/mail-queue.js' {
  interface MailTemplateData {
    'profile.email-changed': z.infer<typeof emailChangedData>;
  }
}

/** The notice to the address an account moved away from. */
export function registerProfileMail(ctx: AppContext) {
  ctx.mail.template('profile.email-changed', emailChangedData, async (d) => {
    const [u] = await ctx.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, d.userId))
      .limit(1);
    if (!u) return null;
    return {
      to: d.previousEmail,
      subject: `Your ${ctx.config.appName} email address was changed`,
      text: `Hello ${u.name},\n\nThe email address of your ${ctx.config.appName} account was changed from this address to ${d.newEmail}.\n\nIf you did not do this, reset your password and contact your team's administrator at once.\n`,
    };
  });
}
