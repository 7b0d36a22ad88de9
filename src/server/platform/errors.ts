/** The one application error. `expose` = the message is safe to show the user. */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly status: number,
    message: string,
    public readonly expose = status < 500,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Page') => new AppError('NOT_FOUND', 404, `${what} not found.`);
export const forbidden = (msg = 'You are not allowed to do that.') => new AppError('FORBIDDEN', 403, msg);

/** Field errors: on Inertia requests they go back to the form, on /api a 422 problem. */
export class ValidationError extends AppError {
  constructor(fields: Record<string, string>, message = 'The given data was invalid.') {
    super('VALIDATION_FAILED', 422, message, true, fields);
    this.name = 'ValidationError';
  }
}

/** Map a Postgres error (from pg or PGlite) to an AppError, or undefined if not mappable. */
export function mapDbError(err: unknown): AppError | undefined {
  const code = (err as { code?: string })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  switch (code) {
    case '23505':
      return new AppError('CONFLICT', 409, 'That record already exists.');
    case '23503':
      return new AppError('REFERENCE_INVALID', 409, 'A related record is missing or still in use.');
    case '22P02':
    case '22007':
    case '22003':
    case '22001': // value too long for its column
    case '22021': // a NUL or an invalid byte sequence in text (PostgreSQL text refuses \u0000)
    case '22P05': // untranslatable character
      return new AppError('BAD_VALUE', 400, 'A value had the wrong format.');
    default:
      return undefined;
  }
}
