/**
 * Whether an error means the database cannot be reached (as opposed to a bug): the answer is
 * then 503 with Retry-After, never 500 (the database is unavailable, not the request wrong). Drizzle wraps driver errors in `cause`.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EPIPE',
]);

/** 'not queryable': pg's answer on a client whose connection died (a ROLLBACK after it). */
const UNREACHABLE =
  /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|connection error and is not queryable/i;

export function isUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code)) return true;
      // PostgreSQL classes 08 (connection exception), 53 (insufficient resources), 57P (shutdown).
      if (/^(08|53)\d{3}$|^57P0[1-3]$/.test(code)) return true;
    }
    if (typeof message === 'string' && UNREACHABLE.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Why a call to the database failed, in the driver's own words ("connect ECONNREFUSED …"): the
 * innermost cause's first line, not the statement Drizzle wraps it in nor a stack. Never the
 * connection string, which may carry a password.
 */
export function errorReason(error: unknown): string {
  let e = error;
  for (let depth = 0; depth < 5 && e instanceof Error && e.cause !== undefined; depth++) {
    e = e.cause;
  }
  return e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e);
}

/** Whether an error is PostgreSQL's unique_violation (23505), through Drizzle's wrapping. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
