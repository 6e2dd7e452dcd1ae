import { apiMessages } from '@store/shared';
import type { RequestHandler, Response } from 'express';
import multer from 'multer';
import type { BoundedQueue } from '../../lib/bounded-queue.js';
import { ImageTooLarge, ImageUnreadable } from '../../lib/domain-errors.js';
import { MAX_UPLOAD_BYTES } from './process.js';

/**
 * The image-host protocol (multipart `image` + `key`): failures are `{ success: false, ... }`.
 * The refusals of the upload itself are domain errors, answered in that shape by the one error
 * handler; only the busy queue's 503 is answered here, before the body is read.
 */
function fail(res: Response, status: number, message: string) {
  res.status(status).json({ success: false, status_code: status, message, error: { message } });
}

/** What a malformed upload is told, by multer's error code. */
const multerErrors: Record<string, () => Error> = {
  LIMIT_FILE_SIZE: () => new ImageTooLarge('The image is too large: at most 5 MB.'),
  LIMIT_FILE_COUNT: () => new ImageUnreadable('Send one image at a time.'),
  LIMIT_UNEXPECTED_FILE: () => new ImageUnreadable('Send one image, in the field "image".'),
  LIMIT_PART_COUNT: () => new ImageUnreadable('The upload has too many parts.'),
  LIMIT_FIELD_VALUE: () => new ImageUnreadable('A form field is too long.'),
  LIMIT_FIELD_COUNT: () => new ImageUnreadable('The upload has too many fields.'),
};

/** Seconds an upload refused by a full queue is told to wait. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

/**
 * An upload's turn comes before its body is read: at most UPLOAD_CONCURRENCY bodies are held in
 * memory at once, a few more wait unread (their bytes stay in the socket), and past that the
 * upload is refused with 503 (decision 029). A client that leaves gives up its turn or place.
 */
function awaitTurn(queue: BoundedQueue): RequestHandler {
  return (_req, res, next) => {
    const place = queue.enter();
    if (!place) {
      res.set('Retry-After', String(UPLOAD_RETRY_AFTER_SECONDS));
      return fail(res, 503, apiMessages.uploadsBusy);
    }
    let closed = false;
    res.once('close', () => {
      closed = true;
      place.release();
    });
    void place.turn.then(() => {
      if (!closed) next();
    });
  };
}

/**
 * What runs once the guard has settled who may upload: the wait for a turn, then the body read
 * in memory, bounded: one file of at most 5 MB and a handful of small fields.
 */
export function uploadSteps(queue: BoundedQueue): RequestHandler[] {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6 },
  }).single('image');
  const read: RequestHandler = (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (!error) return next();
      const known = error instanceof multer.MulterError ? multerErrors[error.code] : undefined;
      next(known ? known() : new ImageUnreadable('The upload could not be read.'));
    });
  };
  return [awaitTurn(queue), read];
}
