import { type DestinationStream, pino } from 'pino';
import { isQueryError } from '../db/errors.js';
import { codeOf } from './thrown.js';

export type Logger = pino.Logger;

/**
 * JSON lines on stdout (or `destination`, for the tests' capture).
 *
 * Logs carry no personal data: no e-mail, name, phone, address, review text, token or query
 * string. Request lines name the route pattern, never the URL (request-log.ts), and errors are
 * described by `describeError`, never serialised whole. `err` goes through it too, so a careless
 * `logger.error({ err })` cannot leak a query's parameters.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: { err: describeError },
    redact: { paths: ['req.headers.authorization', '*.token', '*.accessToken'], censor: '[redacted]' },
  };
  // Written as the event loop allows, not one blocking write per line: a request line would
  // otherwise cost a system call of its own. pino flushes what is left when the process exits.
  const stream = destination ?? pino.destination({ dest: 1, sync: false });
  const logger = pino(options, stream);
  // Request lines hold fixed fields (request-log.ts) with nothing to redact, and redacting a line
  // costs more than writing it: they go to the same place without that step.
  requestLoggers.set(logger, pino({ level }, stream));
  return logger;
}

const requestLoggers = new WeakMap<Logger, Logger>();

/** Where `logger`'s request lines go (request-log.ts, the read cache's fast layer). */
export function requestLinesOf(logger: Logger): Logger {
  return requestLoggers.get(logger) ?? logger;
}

export interface ErrorDescription {
  type: string;
  message?: string;
  code?: string;
  /** Stack frames only: the first line of `stack` repeats the message. */
  stack?: string[];
  cause?: ErrorDescription;
}

/**
 * What an operator needs of an error: its class, message and code. Drizzle's query error is the
 * exception: its message is the SQL *with its parameters* (e-mails, names, addresses), so only
 * its class and the driver error beneath it are kept. Of the driver's error only `message` and
 * `code`: PostgreSQL's `detail` quotes the offending values ("Key (email)=(…) already exists").
 */
export function describeError(error: unknown): ErrorDescription {
  if (!(error instanceof Error)) return { type: typeof error };
  const type = error.constructor?.name || 'Error';
  if (isQueryError(error)) {
    return { type, ...(error.cause !== undefined && { cause: describeError(error.cause) }) };
  }
  const code = codeOf(error);
  return {
    type,
    message: error.message,
    ...(typeof code === 'string' && { code }),
    ...(error.stack && { stack: stackFrames(error.stack) }),
  };
}

const stackFrames = (stack: string) =>
  stack
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .map((line) => line.trim());
