import { pipeline } from 'node:stream/promises';
import { apiMessages } from '@store/shared';
import express, { type RequestHandler, type Response, Router } from 'express';
import multer from 'multer';
import { requireAdmin } from '../../auth/guards.js';
import type { BoundedQueue } from '../../lib/bounded-queue.js';
import { ImageTooLarge, ImageUnreadable } from '../../lib/domain-errors.js';
import { changesNothingPublic } from '../../lib/read-cache/remember.js';
import { MAX_UPLOAD_BYTES } from './process.js';
import type { ImagesService } from './service.js';
import { IMMUTABLE, type ImageStore, STORED_FILE_PATTERN } from './store.js';

/**
 * The image-host protocol of spec §7: failures are `{ success: false, ... }`. The refusals of the
 * upload itself are domain errors, answered in that shape by the one error handler; only the
 * busy queue's 503 is answered here, before the body is read.
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

export function imagesRoutes(
  service: ImagesService,
  { requireUser, queue }: { requireUser: RequestHandler; queue: BoundedQueue },
): Router {
  const router = Router();
  // An upload is no part's image until a part's edit names it (which empties the read cache).
  // In memory, bounded: one file of at most 5 MB and a handful of small fields.
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6 },
  }).single('image');

  // Who may upload is settled before anything waits or is read.
  router.post(
    '/image',
    changesNothingPublic,
    requireUser,
    requireAdmin,
    awaitTurn(queue),
    (req, res, next) => {
      upload(req, res, (error: unknown) => {
        if (!error) return next();
        const known = error instanceof multer.MulterError ? multerErrors[error.code] : undefined;
        next(known ? known() : new ImageUnreadable('The upload could not be read.'));
      });
    },
  );

  router.post('/image', async (req, res) => {
    const body = (req.body ?? {}) as { key?: unknown };
    const data = await service.upload(body.key, req.file?.buffer);
    res.status(201).json({ success: true, status: 201, data });
  });

  return router;
}

/**
 * `/uploads/<name>`: from the image store when it keeps the name (the database or a bucket),
 * else from DATA_DIR/uploads, where the embedded store writes and where files uploaded before
 * the store moved to PostgreSQL or S3 stay served. Either way the bytes under a name never change.
 */
export function uploadsRoutes(store: ImageStore, uploadsDir: string): Router {
  const router = Router();
  router.get('/:file', async (req, res, next) => {
    const file = req.params.file;
    if (!STORED_FILE_PATTERN.test(file)) return next();
    // A content-addressed name is a strong ETag: a client that has the bytes is answered
    // without reading them from the database.
    const etag = `"${file}"`;
    res.set('ETag', etag);
    if (req.fresh) return void res.set('Cache-Control', IMMUTABLE).status(304).end();
    res.removeHeader('ETag');
    const image = await store.read(file);
    if (!image) return next();
    res.set({ 'Cache-Control': IMMUTABLE, ETag: etag }).type(image.contentType);
    if ('bytes' in image) return void res.send(image.bytes);
    if (image.size !== undefined) res.set('Content-Length', String(image.size));
    if (req.method === 'HEAD') {
      image.stream.destroy();
      return void res.end();
    }
    try {
      await pipeline(image.stream, res);
    } catch (error) {
      // The client went away: pipeline has closed the bucket's stream; there is no one to answer.
      if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
      throw error;
    }
  });
  // Random names, re-encoded by us, never changed once written.
  router.use(
    express.static(uploadsDir, {
      immutable: true,
      maxAge: 365 * 24 * 60 * 60 * 1000,
      index: false,
      dotfiles: 'deny',
      fallthrough: false,
    }),
  );
  return router;
}
