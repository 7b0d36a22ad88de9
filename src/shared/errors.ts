/**
 * The error catalogue: every error code the server answers with, its HTTP status and the message
 * users read. Shared with the client (it shows some of them). Throw them with `fail(code)` on the
 * server (src/server/platform/errors.ts); never write a code string inline.
 */
export const ERRORS = {
  // request shape
  BAD_REQUEST: { status: 400, message: 'The request could not be understood.' },
  BAD_JSON: { status: 400, message: 'The body is not valid JSON.' },
  BAD_VALUE: { status: 400, message: 'A value had the wrong format.' },
  BAD_EVENT: { status: 400, message: 'The event is not valid.' },
  BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type.' },
  VALIDATION_FAILED: { status: 422, message: 'The given data was invalid.' },
  // who you are and what you may do
  UNAUTHENTICATED: { status: 401, message: 'Please sign in.' },
  BAD_SIGNATURE: { status: 401, message: 'The signature does not match.' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do that.' },
  ABILITY_MISSING: { status: 403, message: 'This token lacks the ability this action needs.' },
  EMAIL_UNVERIFIED: { status: 403, message: 'Please verify your email address first.' },
  FEATURE_DISABLED: {
    status: 403,
    message:
      'This feature is turned off for your team. An owner or administrator can turn it on in Settings.',
  },
  PERSONAL_TEAM: { status: 403, message: 'A personal team cannot be deleted.' },
  NOT_FOUND: { status: 404, message: 'We could not find that page.' },
  UNKNOWN_APP: { status: 404, message: 'Unknown app id.' },
  CSRF_TOKEN_MISMATCH: { status: 419, message: 'Your page expired. Please refresh and try again.' },
  PASSWORD_CONFIRMATION_REQUIRED: { status: 423, message: 'Please confirm your password first.' },
  TOO_MANY_REQUESTS: {
    status: 429,
    message: 'Too many requests. Please wait a moment and try again.',
  },
  // state of the data
  CONFLICT: { status: 409, message: 'That record already exists.' },
  REFERENCE_INVALID: { status: 409, message: 'A related record is missing or still in use.' },
  PROJECT_ARCHIVED: {
    status: 409,
    message: 'This project is archived and read-only. Restore it to make changes.',
  },
  INVITATION_NOT_FOUND: {
    status: 404,
    message: 'This invitation does not exist. Please check the link in your email.',
  },
  INVITATION_CANCELLED: { status: 410, message: 'This invitation was cancelled.' },
  INVITATION_USED: { status: 410, message: 'This invitation has already been accepted.' },
  INVITATION_DECLINED: { status: 410, message: 'This invitation was declined.' },
  INVITATION_EXPIRED: { status: 410, message: 'This invitation expired.' },
  INVITATION_WRONG_USER: {
    status: 403,
    message: 'This invitation was sent to another email address.',
  },
  ALREADY_OWNER: { status: 422, message: 'You already own this team.' },
  NAME_REQUIRED: { status: 422, message: 'Give it a name.' },
  ABILITIES_REQUIRED: { status: 422, message: 'Choose at least one ability.' },
  // ours
  SERVER_ERROR: { status: 500, message: 'Something went wrong on our side. It has been logged.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
