import { ERRORS, type ErrorCode } from '../../shared/errors.js';

export type { ErrorCode } from '../../shared/errors.js';

/** The one application error. `expose` = the message is safe to show the user. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly status: number,
    message: string,
    public readonly expose = status < 500,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * Throw a catalogued error: status and default message come from src/shared/errors.ts; pass a
 * message to say more about this case, and fields to put it on a form field.
 */
export function fail(code: ErrorCode, message?: string, fields?: Record<string, string>): AppError {
  const entry = ERRORS[code];
  return new AppError(code, entry.status, message ?? entry.message, entry.status < 500, fields);
}

export const notFound = (what = 'Page') => fail('NOT_FOUND', `${what} not found.`);
export const forbidden = (msg?: string) => fail('FORBIDDEN', msg);

/** Field errors: on Inertia requests they go back to the form, on /api a 422 problem. */
export class ValidationError extends AppError {
  constructor(fields: Record<string, string>, message: string = ERRORS.VALIDATION_FAILED.message) {
    super('VALIDATION_FAILED', 422, message, true, fields);
    this.name = 'ValidationError';
  }
}

/** Map a Postgres error (from pg or PGlite) to an AppError, or undefined if not mappable. */
export function mapDbError(err: unknown): AppError | undefined {
  const code =
    (err as { code?: string })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  switch (code) {
    case '23505':
      return fail('CONFLICT');
    case '23503':
      return fail('REFERENCE_INVALID');
    case '22P02':
    case '22007':
    case '22003':
    case '22001': // value too long for its column
    case '22021': // a NUL or an invalid byte sequence in text (PostgreSQL text refuses \u0000)
    case '22P05': // untranslatable character
      return fail('BAD_VALUE');
    default:
      return undefined;
  }
}
