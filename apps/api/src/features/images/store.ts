import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ImagesRepo } from './repo.js';

/**
 * A stored image as the `/uploads` route sends it: bytes in memory (a database row) or a
 * stream (an S3 object, sent on as it arrives rather than held whole in memory).
 */
export type StoredImage =
  | { contentType: string; bytes: Buffer }
  | { contentType: string; stream: Readable; size: number | undefined };

/**
 * Where processed images go: files under DATA_DIR/uploads (the embedded store, one instance),
 * the `images` table (PostgreSQL, any number of instances) or an S3-compatible bucket
 * (s3-store.ts). All give the same URLs, `/uploads/<name>.webp` with its thumbnail at
 * `/uploads/<name>.thumb.webp`.
 */
export interface ImageStore {
  /** Saves the image and its thumbnail; returns their public URLs. */
  save(image: Buffer, thumbnail: Buffer): Promise<{ url: string; thumbUrl: string }>;
  /** The image a `/uploads` file name stands for, when this store keeps it (files are served from disk). */
  read(fileName: string): Promise<StoredImage | undefined>;
  /**
   * Deletes the images stored before `before` whose names (`<name>.webp`) are not in `used`,
   * with their thumbnails; says how many images went (jobs/image-cleanup.ts).
   */
  deleteUnused(before: Date, used: Set<string>): Promise<number>;
}

export const UPLOADS_URL_PREFIX = '/uploads/';
/** Every stored name serves the same bytes forever: caches and CDNs may keep them a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * What our own stores' URLs look like, and so which image URLs the API issued: a random UUID
 * (files on disk) or the SHA-256 of the image's bytes (the database).
 */
export const UPLOADED_IMAGE_PATTERN = /^\/uploads\/(?:[0-9a-f-]{36}|[0-9a-f]{64})\.webp$/;
/** The name in an image URL the API issued (`/uploads/<name>.webp`), if it is one. */
export function uploadedImageName(url: string): string | undefined {
  return UPLOADED_IMAGE_PATTERN.test(url) ? url.slice(UPLOADS_URL_PREFIX.length, -'.webp'.length) : undefined;
}
/** A file name the database or S3 store may hold: `<sha256>.webp` or `<sha256>.thumb.webp`. */
export const STORED_FILE_PATTERN = /^([0-9a-f]{64})(\.thumb)?\.webp$/;

export function thumbnailUrl(imageUrl: string): string {
  return UPLOADED_IMAGE_PATTERN.test(imageUrl) ? imageUrl.replace(/\.webp$/, '.thumb.webp') : imageUrl;
}

export const urls = (name: string) => {
  const url = `${UPLOADS_URL_PREFIX}${name}.webp`;
  return { url, thumbUrl: thumbnailUrl(url) };
};

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
      return urls(name);
    },
    read: async () => undefined,
    async deleteUnused(before, used) {
      const files = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      let deleted = 0;
      for (const file of files) {
        const name = /^([0-9a-f-]{36})\.webp$/.exec(file)?.[1];
        if (!name || used.has(name)) continue;
        // Written once, never changed: the file's time is its upload's.
        if ((await stat(path.join(dir, file))).mtime >= before) continue;
        // The thumbnail first: an image on disk always has one.
        await rm(path.join(dir, `${name}.thumb.webp`), { force: true });
        await rm(path.join(dir, file), { force: true });
        deleted += 1;
      }
      return deleted;
    },
  };
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Images in PostgreSQL, named by the SHA-256 of the image's bytes: any instance serves them,
 * and a name never changes what it serves. The buffers are the ones processImage made (one
 * upload at a time); nothing here copies them.
 */
export function createDatabaseImageStore(repo: ImagesRepo): ImageStore {
  return {
    async save(image, thumbnail) {
      const name = sha256(image);
      await repo.save(
        { sha256: name, bytes: image, contentType: 'image/webp' },
        { sha256: sha256(thumbnail), bytes: thumbnail, contentType: 'image/webp' },
      );
      return urls(name);
    },
    async read(fileName) {
      const match = STORED_FILE_PATTERN.exec(fileName);
      if (!match?.[1]) return undefined;
      return match[2] ? repo.findThumbnail(match[1]) : repo.find(match[1]);
    },
    async deleteUnused(before, used) {
      const unused = (await repo.uploadedBefore(before)).filter((name) => !used.has(name));
      await repo.remove(unused);
      return unused.length;
    },
  };
}
