import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where processed images go. The local store writes under DATA_DIR/uploads, served at
 * /uploads; an S3-compatible store would implement the same two methods.
 */
export interface ImageStore {
  /** Saves the image and its thumbnail under a fresh random name; returns their public URLs. */
  save(image: Buffer, thumbnail: Buffer): Promise<{ url: string; thumbUrl: string }>;
}

export const UPLOADS_URL_PREFIX = '/uploads/';
/** What our own store's URLs look like, and so which image URLs the API issued. */
export const UPLOADED_IMAGE_PATTERN = /^\/uploads\/[0-9a-f-]{36}\.webp$/;

export function thumbnailUrl(imageUrl: string): string {
  return UPLOADED_IMAGE_PATTERN.test(imageUrl) ? imageUrl.replace(/\.webp$/, '.thumb.webp') : imageUrl;
}

export function createLocalImageStore(dir: string): ImageStore {
  return {
    async save(image, thumbnail) {
      await mkdir(dir, { recursive: true });
      // Never the client's file name: a random one, so nothing can be guessed or overwritten.
      const name = randomUUID();
      await Promise.all([
        writeFile(path.join(dir, `${name}.webp`), image, { flag: 'wx' }),
        writeFile(path.join(dir, `${name}.thumb.webp`), thumbnail, { flag: 'wx' }),
      ]);
      const url = `${UPLOADS_URL_PREFIX}${name}.webp`;
      return { url, thumbUrl: thumbnailUrl(url) };
    },
  };
}
