import { DrizzleQueryError } from 'drizzle-orm';
import { codeOf, fieldOf } from '../lib/thrown.js';

/**
 * Tells a database that is down or restarting apart from a bug in our SQL. The first is a 503
 * (the client may retry, the store stays up and reconnects by itself); the second is a 500.
 */

/** What a 503 asks a client to wait while the database is away (a restart takes seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket-level failures: the server is gone, refusing, or the network dropped the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/**
 * SQLSTATEs of a server that cannot serve us right now: class 08 (connection exception),
 * 57P01-57P03 (admin or crash shutdown, starting up) and 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** node-postgres reports a dropped or timed-out connection with these messages and no code. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** Walks the `cause` chain (Drizzle wraps the driver's error in its own). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = codeOf(current);
    const message = fieldOf(current, 'message');
    const cause = fieldOf(current, 'cause');
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((known) => message.includes(known))) return true;
    current = cause;
  }
  return false;
}

/**
 * Drizzle's own query error, whose message is the SQL *with its parameters* (e-mails, names,
 * addresses): the logger keeps only its class and the driver error beneath it (lib/logger.ts).
 */
export function isQueryError(error: unknown): boolean {
  return error instanceof DrizzleQueryError;
}

/**
 * Whether a failed query broke the named constraint with the given SQLSTATE. Drizzle wraps the
 * driver's error (pg or PGlite, both carrying PostgreSQL's SQLSTATE and constraint name) as its
 * `cause`.
 */
function brokeConstraint(error: unknown, sqlstate: string, constraint: string): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (codeOf(e) === sqlstate) return fieldOf(e, 'constraint') === constraint;
  }
  return false;
}

/** A failed query's SQLSTATE is `sqlstate` (one the store's own functions raise, say). */
export function failedWith(error: unknown, sqlstate: string): boolean {
  for (let e = error; e instanceof Error; e = e.cause) if (codeOf(e) === sqlstate) return true;
  return false;
}

/**
 * The database refused the statement with a SQLSTATE of its own (a constraint, a deadlock, a
 * function's RAISE), so the statement wrote nothing; unlike a lost connection, where it may have
 * committed, or an error of ours after it answered.
 */
export function refusedByDatabase(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return false;
  // The server's own error (node-postgres' and PGlite's alike) carries a severity beside its
  // SQLSTATE; a socket's error (EPIPE) carries neither.
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = codeOf(e);
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && fieldOf(e, 'severity')) return true;
  }
  return false;
}

/** A unique index refused the row (23505). */
export const isUniqueViolation = (error: unknown, constraint: string): boolean =>
  brokeConstraint(error, '23505', constraint);

/** A CHECK constraint refused the row (23514). */
export const isCheckViolation = (error: unknown, constraint: string): boolean =>
  brokeConstraint(error, '23514', constraint);

/** A foreign key refused the change (23503): a row still names the one being deleted. */
export const isForeignKeyViolation = (error: unknown, constraint: string): boolean =>
  brokeConstraint(error, '23503', constraint);
