import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { users } from '../../platform/auth/auth.tables.js';
import {
  EMAIL_VERIFICATION_TTL_S,
  joinedAuthTx,
  PASSWORD_RESET_TTL_S,
} from '../../platform/auth/auth.js';
import { plural } from '../../../shared/format/plural.js';

/** One rendered message: plain text for every client, simple HTML for the rest. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

interface Recipient {
  name: string;
  email: string;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** 3600 -> '60 minutes', 86400 -> '24 hours' */
export function describeDuration(seconds: number): string {
  if (seconds >= 2 * 3600 && seconds % 3600 === 0) return `${seconds / 3600} hours`;
  const minutes = Math.round(seconds / 60);
  return plural(minutes, 'minute');
}

interface Layout {
  appName: string;
  to: Recipient;
  subject: string;
  intro: string;
  action: string;
  url: string;
  expiry: string;
  outro: string;
}

function render(l: Layout): MailContent {
  const text = [
    `Hello ${l.to.name},`,
    '',
    l.intro,
    '',
    `${l.action}:`,
    l.url,
    '',
    l.expiry,
    '',
    l.outro,
    '',
    `— ${l.appName}`,
    '',
  ].join('\n');
  const url = escapeHtml(l.url);
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(l.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#212529;">
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #dee2e6;border-radius:8px;padding:32px;">
    <p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#1c7ed6;">${escapeHtml(l.appName)}</p>
    <p style="margin:0 0 16px;font-size:15px;">Hello ${escapeHtml(l.to.name)},</p>
    <p style="margin:0 0 24px;font-size:15px;line-height:1.5;">${escapeHtml(l.intro)}</p>
    <p style="margin:0 0 24px;"><a href="${url}" style="display:inline-block;background:#228be6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-size:15px;font-weight:bold;">${escapeHtml(l.action)}</a></p>
    <p style="margin:0 0 16px;font-size:13px;color:#495057;">${escapeHtml(l.expiry)}</p>
    <p style="margin:0 0 16px;font-size:13px;color:#495057;">${escapeHtml(l.outro)}</p>
    <p style="margin:24px 0 0;font-size:12px;color:#868e96;word-break:break-all;">If the button does not work, copy this link into your browser:<br><a href="${url}" style="color:#1c7ed6;">${url}</a></p>
  </div>
</body>
</html>
`;
  return { subject: l.subject, text, html };
}

export function verificationMail(
  appName: string,
  to: Recipient,
  url: string,
  ttlSeconds = EMAIL_VERIFICATION_TTL_S,
): MailContent {
  return render({
    appName,
    to,
    subject: `Verify your email address for ${appName}`,
    intro: `Please confirm that ${to.email} is your email address by following the link below.`,
    action: 'Verify email address',
    url,
    expiry: `This link is valid for ${describeDuration(ttlSeconds)}.`,
    outro: `If you did not create an account with ${appName}, no further action is required.`,
  });
}

export function resetPasswordMail(
  appName: string,
  to: Recipient,
  url: string,
  ttlSeconds = PASSWORD_RESET_TTL_S,
): MailContent {
  return render({
    appName,
    to,
    subject: `Reset your ${appName} password`,
    intro: `You are receiving this email because we received a password reset request for your account.`,
    action: 'Reset password',
    url,
    expiry: `This password reset link is valid for ${describeDuration(ttlSeconds)}.`,
    outro:
      'If you did not request a password reset, no further action is required: your password stays as it is.',
  });
}

/** To the holder of an address someone tried to register again (registration never says it is taken). */
function registrationAttemptMail(appName: string, to: Recipient, loginUrl: string): MailContent {
  return render({
    appName,
    to,
    subject: `Someone tried to create a ${appName} account with your email address`,
    intro: `Someone (perhaps you) tried to create a new ${appName} account with ${to.email}. You already have an account with this address, so no new account was created.`,
    action: 'Sign in to your account',
    url: loginUrl,
    expiry: 'If you forgot your password, use "Forgot your password?" on the sign-in page.',
    outro: 'If this was not you, no further action is required: your account is unchanged.',
  });
}

const verificationData = z.strictObject({
  userId: z.string().min(1),
  /** the address the link verifies (it may differ from the account's by the time the job runs) */
  email: z.string().min(1),
  /** made by Better Auth around a signed token: it cannot be rebuilt from ids */
  url: z.string().min(1),
});
const resetPasswordData = z.strictObject({
  userId: z.string().min(1),
  /** made by Better Auth around the token it stored: it cannot be rebuilt from ids */
  url: z.string().min(1),
});
const userOnlyData = z.strictObject({ userId: z.string().min(1) });

declare module '../../platform/mail/mail-queue.js' {
  interface MailTemplateData {
    'accounts.verification': z.infer<typeof verificationData>;
    'accounts.reset-password': z.infer<typeof resetPasswordData>;
    'accounts.registration-attempt': z.infer<typeof userOnlyData>;
  }
}

async function userById(ctx: AppContext, id: string) {
  const [u] = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return u ?? null;
}

/**
 * The account mail, queued as `mail.send` jobs: the templates (rendered by the worker from the
 * user's id; a user deleted meanwhile gets nothing) and the callbacks the auth library calls.
 * Nothing here waits on SMTP, so registration and forgot-password answer alike whatever the mail
 * server does.
 */
export function registerAccountMail(ctx: AppContext) {
  const appName = ctx.config.appName;
  ctx.mail.template('accounts.verification', verificationData, async (d) => {
    const u = await userById(ctx, d.userId);
    return u
      ? { to: d.email, ...verificationMail(appName, { ...u, email: d.email }, d.url) }
      : null;
  });
  ctx.mail.template('accounts.reset-password', resetPasswordData, async (d) => {
    const u = await userById(ctx, d.userId);
    return u ? { to: u.email, ...resetPasswordMail(appName, u, d.url) } : null;
  });
  ctx.mail.template('accounts.registration-attempt', userOnlyData, async (d) => {
    const u = await userById(ctx, d.userId);
    return u
      ? { to: u.email, ...registrationAttemptMail(appName, u, `${ctx.config.appUrl}/login`) }
      : null;
  });
  ctx.accountMail = {
    async verification(user, url) {
      // inside a use case's Better Auth call: queued in its transaction (poked after its commit)
      await ctx.mail.enqueue(
        'accounts.verification',
        { userId: user.id, email: user.email, url },
        { tx: joinedAuthTx() },
      );
    },
    async resetPassword(user, url) {
      await ctx.mail.enqueue(
        'accounts.reset-password',
        { userId: user.id, url },
        { tx: joinedAuthTx() },
      );
    },
  };
}
