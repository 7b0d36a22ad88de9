import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { Actor } from '../../platform/auth/actor.js';
import { passwordRecentlyConfirmed } from '../../platform/routes/access.js';
import {
  formatSetupKey,
  qrCodeDataUrl,
  recoveryCodes,
  setupDetails,
  twoFactorState,
} from '../two-factor/index.js';
import { listBrowserSessions } from './browser-sessions.js';
import { planAccountDeletion } from './account-deletion.js';
import type { ProfileShowProps } from '../../../shared/profile/profile.types.js';

/** Props of the 'profile/show' page (tables never leak: only what each section shows). */
export async function profilePageProps(
  ctx: AppContext,
  request: FastifyRequest,
  opts: { showRecoveryCodes?: boolean } = {},
): Promise<ProfileShowProps> {
  const actor = request.actor as Actor;
  const user = actor.user;
  const state = await twoFactorState(ctx.db, user.id);
  const confirmed = passwordRecentlyConfirmed(user.passwordConfirmedAt);

  // the QR code and setup key only while setting up, and only right after a password confirmation
  let setup: { qrCode: string; setupKey: string } | null = null;
  if (state.pending && confirmed) {
    const details = await setupDetails(ctx.auth, ctx.db, user, ctx.config.appName);
    if (details)
      setup = {
        qrCode: await qrCodeDataUrl(details.uri),
        setupKey: formatSetupKey(details.setupKey),
      };
  }
  const codes =
    opts.showRecoveryCodes && state.enabled ? await recoveryCodes(ctx.auth, user.id) : null;

  const plan = await planAccountDeletion(ctx.db, user.id);
  return {
    profile: { name: user.name, email: user.email, emailVerified: user.emailVerified },
    twoFactor: {
      enabled: state.enabled,
      pending: state.pending,
      passwordConfirmed: confirmed,
      qrCode: setup?.qrCode ?? null,
      setupKey: setup?.setupKey ?? null,
      recoveryCodes: codes,
    },
    sessions: await listBrowserSessions(ctx.db, user.id, actor.sessionId),
    deletion: {
      blocking: plan.blocking,
      deleted: plan.deleted,
      left: plan.left,
    },
  };
}
