/**
 * Recognises PostgreSQL errors by SQLSTATE (and constraint), whether they come straight
 * from the driver (pg, PGlite) or wrapped by Drizzle in `cause`.
 */
interface PgError {
  code?: string;
  constraint?: string;
  message?: string;
  cause?: unknown;
}

function pgErrorOf(error: unknown): PgError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** A CHECK constraint refused a row (SQLSTATE 23514). */
export function isCheckViolation(error: unknown, constraint: string): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === '23514' && (pg.constraint === constraint || (pg.message ?? '').includes(constraint));
}

/** A unique index or constraint refused a row (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === '23505' && (pg.constraint === constraint || (pg.message ?? '').includes(constraint));
}
