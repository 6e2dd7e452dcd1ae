import { pipeline } from 'node:stream/promises';
import express, { Router } from 'express';
import { codeOf } from '../../lib/thrown.js';
import { IMMUTABLE, type ImageStore, STORED_FILE_PATTERN } from './store.js';

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
      if (codeOf(error) === 'ERR_STREAM_PREMATURE_CLOSE') return;
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
