import { apiMessages } from '@store/shared';
import type { RequestHandler, Response } from 'express';
import multer from 'multer';
import type { BoundedQueue } from '../../lib/bounded-queue.js';
import { MAX_UPLOAD_BYTES } from './process.js';

/** The image-host protocol of spec §7: failures are `{ success: false, ... }` with a 4xx. */
export const refusal = (status: number, message: string) => ({
  success: false as const,
  status_code: status,
  message,
  error: { message },
});

function fail(res: Response, status: number, message: string) {
  res.status(status).json(refusal(status, message));
}

const multerMessages: Record<string, [number, string]> = {
  LIMIT_FILE_SIZE: [413, 'The image is too large: at most 5 MB.'],
  LIMIT_FILE_COUNT: [400, 'Send one image at a time.'],
  LIMIT_UNEXPECTED_FILE: [400, 'Send one image, in the field "image".'],
  LIMIT_PART_COUNT: [400, 'The upload has too many parts.'],
  LIMIT_FIELD_VALUE: [400, 'A form field is too long.'],
  LIMIT_FIELD_COUNT: [400, 'The upload has too many fields.'],
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
      if (error instanceof multer.MulterError) {
        const [status, message] = multerMessages[error.code] ?? [400, 'The upload could not be read.'];
        return fail(res, status, message);
      }
      if (error) return fail(res, 400, 'The upload could not be read.');
      next();
    });
  };
  return [awaitTurn(queue), read];
}
