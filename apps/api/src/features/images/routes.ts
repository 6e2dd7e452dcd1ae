import { timingSafeEqual } from 'node:crypto';
import { type RequestHandler, type Response, Router } from 'express';
import multer from 'multer';
import { requireAdmin } from '../../auth/guards.js';
import { ImageRejected, MAX_UPLOAD_BYTES, processImage } from './process.js';
import type { ImageStore } from './store.js';

/** The image-host protocol of spec §7: failures are `{ success: false, ... }` with a 4xx. */
function fail(res: Response, status: number, message: string) {
  res.status(status).json({ success: false, status_code: status, message, error: { message } });
}

const multerMessages: Record<string, [number, string]> = {
  LIMIT_FILE_SIZE: [413, 'The image is too large: at most 5 MB.'],
  LIMIT_FILE_COUNT: [400, 'Send one image at a time.'],
  LIMIT_UNEXPECTED_FILE: [400, 'Send one image, in the field "image".'],
  LIMIT_PART_COUNT: [400, 'The upload has too many parts.'],
  LIMIT_FIELD_VALUE: [400, 'A form field is too long.'],
  LIMIT_FIELD_COUNT: [400, 'The upload has too many fields.'],
};

const sameKey = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function imagesRoutes(
  store: ImageStore,
  { requireUser, key }: { requireUser: RequestHandler; key?: string | undefined },
): Router {
  const router = Router();
  // In memory, bounded: one file of at most 5 MB and a handful of small fields.
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6 },
  }).single('image');

  router.post('/image', requireUser, requireAdmin, (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError) {
        const [status, message] = multerMessages[error.code] ?? [400, 'The upload could not be read.'];
        return fail(res, status, message);
      }
      if (error) return fail(res, 400, 'The upload could not be read.');
      next();
    });
  });

  router.post('/image', async (req, res) => {
    const body = (req.body ?? {}) as { key?: unknown };
    if (key && !(typeof body.key === 'string' && sameKey(body.key, key))) {
      return fail(res, 403, 'The image host key is missing or wrong.');
    }
    if (!req.file || req.file.size === 0) return fail(res, 400, 'Choose an image to upload.');
    try {
      const { image, thumbnail } = await processImage(req.file.buffer);
      const saved = await store.save(image, thumbnail);
      res.status(201).json({ success: true, status: 201, data: { url: saved.url, thumb: saved.thumbUrl } });
    } catch (error) {
      if (error instanceof ImageRejected) return fail(res, error.status, error.message);
      throw error;
    }
  });

  return router;
}
