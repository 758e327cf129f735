/**
 * Recognising PostgreSQL errors the same way on both drivers. Drizzle wraps a failed query in its own
 * error with the driver's error as `cause`; node-postgres and PGlite both put the SQLSTATE in `code` and
 * the violated constraint's name in `constraint`.
 */

export const PG_ERROR = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  notNullViolation: '23502',
  checkViolation: '23514',
  invalidTextRepresentation: '22P02',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

export interface PgErrorInfo {
  code: string;
  constraint: string | undefined;
  message: string;
}

/** The first PostgreSQL error in the error's cause chain, if any. */
export function pgErrorOf(error: unknown): PgErrorInfo | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Object; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        message: typeof candidate.message === 'string' ? candidate.message : '',
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** True when the error is a unique-key violation, of the named constraint when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const info = pgErrorOf(error);
  if (info?.code !== PG_ERROR.uniqueViolation) return false;
  return constraint === undefined || info.constraint === constraint;
}
