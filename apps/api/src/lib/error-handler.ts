import { apiMessages } from '@store/shared';
import type { ErrorRequestHandler } from 'express';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/errors.js';
import {
  Conflict,
  DomainError,
  Forbidden,
  ImageHostError,
  ImageTooLarge,
  ImageUnreadable,
  ImageUnsupported,
  Invalid,
  LinesRefused,
  LinesShort,
  NotFound,
  Unauthenticated,
  Unavailable,
  Unprocessable,
  WrongImageKey,
} from './domain-errors.js';
import type { Logger } from './logger.js';
import { fieldOf } from './thrown.js';

/** The one place where a domain error becomes an HTTP status. */
function statusOf(error: DomainError): number {
  if (error instanceof ImageUnreadable) return 400;
  if (error instanceof WrongImageKey) return 403;
  if (error instanceof ImageTooLarge) return 413;
  if (error instanceof ImageUnsupported) return 415;
  if (error instanceof Invalid) return 400;
  if (error instanceof Unauthenticated) return 401;
  if (error instanceof Forbidden) return 403;
  if (error instanceof NotFound) return 404;
  if (error instanceof Conflict) return 409;
  if (error instanceof Unprocessable) return 422;
  if (error instanceof Unavailable) return 503;
  // A new kind of domain error without a status is our bug: say so rather than guess.
  throw new Error(`No status for ${error.name}`, { cause: error });
}

/**
 * Turns every error into the JSON shape of docs/architecture.md, 'Answers and errors'. No stack
 * trace ever leaves.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  // Four parameters: that is how Express tells an error handler from a middleware.
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) {
      // An answer already under way (a streamed export) cannot turn into an error answer: it is
      // cut short, so the client sees an incomplete download rather than a complete-looking file.
      logger.error({ requestId: res.locals.requestId, method: req.method, err: error }, 'answer cut short');
      res.destroy();
      return;
    }
    if (error instanceof DomainError) {
      if (error instanceof Unavailable) res.set('Retry-After', String(error.retryAfterSeconds));
      const { message, fields } = error;
      const status = statusOf(error);
      // The image-host protocol answers a refusal in a body of its own.
      if (error instanceof ImageHostError) {
        res.status(status).json({ success: false, status_code: status, message, error: { message } });
        return;
      }
      const lines = error instanceof LinesRefused || error instanceof LinesShort ? error.lines : undefined;
      res.status(status).json({ message, ...(fields && { fields }), ...(lines && { lines }) });
      return;
    }
    const type = fieldOf(error, 'type');
    const status = fieldOf(error, 'status');
    if (type === 'entity.parse.failed') {
      res.status(400).json({ message: apiMessages.invalidJson });
      return;
    }
    if (type === 'entity.too.large') {
      res.status(413).json({ message: apiMessages.payloadTooLarge });
      return;
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ message: apiMessages.invalidInput });
      return;
    }
    // A database that is down or restarting is not our bug: the client may retry shortly, and
    // the pool reconnects by itself. A transaction cut off midway was rolled back by the server.
    if (isDatabaseUnavailable(error)) {
      logger.warn(
        { requestId: res.locals.requestId, method: req.method, err: error },
        'database unavailable',
      );
      res
        .status(503)
        .set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        .json({ message: apiMessages.databaseUnavailable });
      return;
    }
    // Class, message and code only (describeError): never the URL, the body or a query's parameters.
    logger.error({ requestId: res.locals.requestId, method: req.method, err: error }, 'unhandled error');
    res.status(500).json({ message: apiMessages.internal });
  };
}
