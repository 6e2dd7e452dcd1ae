import { apiMessages } from '@store/shared';
import type { ErrorRequestHandler } from 'express';
import { isDatabaseUnavailable } from '../db/errors.js';
import { HttpError, RETRY_AFTER_SECONDS } from './http-error.js';
import type { Logger } from './logger.js';

interface BodyParserError {
  type?: string;
  status?: number;
}

/** Turns every error into the JSON shape of DESIGN.md §3. No stack trace ever leaves. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof HttpError) {
      if (error.status === 503) res.set('Retry-After', String(RETRY_AFTER_SECONDS));
      res
        .status(error.status)
        .json({ message: error.message, ...(error.fields && { fields: error.fields }) });
      return;
    }
    const { type, status } = (error ?? {}) as BodyParserError;
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
        .set('Retry-After', String(RETRY_AFTER_SECONDS))
        .json({ message: apiMessages.databaseUnavailable });
      return;
    }
    // Class, message and code only (describeError): never the URL, the body or a query's parameters.
    logger.error({ requestId: res.locals.requestId, method: req.method, err: error }, 'unhandled error');
    res.status(500).json({ message: apiMessages.internal });
  };
}
