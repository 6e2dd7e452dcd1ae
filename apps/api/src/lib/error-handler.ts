import { apiMessages } from '@store/shared';
import type { ErrorRequestHandler } from 'express';
import { HttpError } from './http-error.js';
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
    // Class, message and code only (describeError): never the URL, the body or a query's parameters.
    logger.error({ requestId: res.locals.requestId, method: req.method, err: error }, 'unhandled error');
    res.status(500).json({ message: apiMessages.internal });
  };
}
