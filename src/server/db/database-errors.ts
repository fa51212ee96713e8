/**
 * What a database error means, on both engines (PGlite and PostgreSQL): a unique index refusing a
 * row (the caller's 422), or the database not answering (a 503 the client may retry). errors.ts
 * `toAppError` turns the second into AppError.unavailable().
 */

/** True when the database refused a row for a unique index (PostgreSQL's 23505, on both engines). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

const SOCKET_CODES = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'];

/**
 * True when an error means the database cannot be reached or is not taking work (down, starting,
 * shutting down, refusing connections, closed): a 503, not a 500. PostgreSQL's SQLSTATE classes
 * 08 (connection), 57P (operator intervention) and 53300 (too many connections), 55000 for a database
 * that does not accept connections, the driver's socket errors, and a closed PGlite.
 *
 * A socket error counts only when it names the socket call that failed (`syscall`: connect, read,
 * write), as the driver's do: a client that closes its own request mid-upload raises ECONNRESET
 * too ("aborted", no syscall), and that is not the database (http-errors.ts).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, syscall } = error as { code?: unknown; message?: unknown; syscall?: unknown };
  if (typeof code === 'string') {
    if (/^08|^57P0[1-4]$|^53300$/.test(code)) return true;
    if (code === '55000' && typeof message === 'string' && /accepting connections/i.test(message)) return true;
    if (SOCKET_CODES.includes(code) && (typeof syscall === 'string' || code !== 'ECONNRESET')) return true;
  }
  if (typeof message === 'string') {
    // node-postgres and its pool, PGlite and Kysely (a closed database) say these without a code.
    if (
      /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed|Cannot use a pool after calling end|driver has already been destroyed/i.test(
        message,
      )
    )
      return true;
  }
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}
