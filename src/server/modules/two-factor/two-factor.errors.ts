import { authErrorMessage } from '../../platform/auth/bridge.js';

/** What went wrong with a second-factor attempt, in the user's words. */
export type ChallengeFailure =
  | { kind: 'field'; reason: string; message: string }
  | { kind: 'restart'; reason: string; message: string };

/** Map Better Auth's two-factor errors to a field message or "sign in again". */
export function challengeFailure(err: unknown, field: 'code' | 'recoveryCode'): ChallengeFailure {
  const { code } = authErrorMessage(err);
  switch (code) {
    case 'INVALID_CODE':
      return {
        kind: 'field',
        reason: 'invalid_code',
        message:
          'That code is not valid. Enter the current 6-digit code from your authenticator app.',
      };
    case 'INVALID_BACKUP_CODE':
      return {
        kind: 'field',
        reason: 'invalid_recovery_code',
        message: 'That recovery code is not valid or has already been used.',
      };
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return {
        kind: 'field',
        reason: 'locked',
        message:
          'Too many failed attempts: two-factor sign-in for this account is locked for 15 minutes.',
      };
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return {
        kind: 'restart',
        reason: 'too_many_attempts',
        message: 'Too many wrong codes. Please sign in again.',
      };
    case 'INVALID_TWO_FACTOR_COOKIE':
      return {
        kind: 'restart',
        reason: 'expired',
        message: 'Your sign-in has expired. Please sign in again.',
      };
    case 'TOTP_NOT_ENABLED':
    case 'BACKUP_CODES_NOT_ENABLED':
      return {
        kind: 'restart',
        reason: 'not_enabled',
        message: 'Two-factor authentication is not set up for this account. Please sign in again.',
      };
    default:
      return {
        kind: 'field',
        reason: 'error',
        message:
          field === 'code'
            ? 'That code could not be checked. Please try again.'
            : 'That recovery code could not be checked. Please try again.',
      };
  }
}
