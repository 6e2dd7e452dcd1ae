import { and, eq, inArray, isNotNull, isNull, lt, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { images } from '../../db/schema.js';

export interface ImageBytes {
  sha256: string;
  bytes: Buffer;
  contentType: string;
}

const thumbnails = alias(images, 'thumbnail');

const rowOf = (image: ImageBytes, thumbnailSha256: string | null) => ({
  sha256: image.sha256,
  bytes: image.bytes,
  contentType: image.contentType,
  size: image.bytes.length,
  thumbnailSha256,
});

export function createImagesRepo(db: Database) {
  return {
    /**
     * Saves an image and its thumbnail in one transaction. Content-addressed: bytes already
     * stored (the same upload twice) are kept as they are, so a second save changes nothing.
     */
    async save(image: ImageBytes, thumbnail: ImageBytes) {
      await db.transaction(async (tx) => {
        // The thumbnail first: the image's row refers to it.
        await tx.insert(images).values(rowOf(thumbnail, null)).onConflictDoNothing({ target: images.sha256 });
        // Bytes stored before as some thumbnail (or equal to their own) gain a thumbnail here.
        await tx
          .insert(images)
          .values(rowOf(image, thumbnail.sha256))
          .onConflictDoUpdate({
            target: images.sha256,
            set: { thumbnailSha256: sql`coalesce(${images.thumbnailSha256}, excluded.thumbnail_sha256)` },
          });
      });
    },

    async find(sha256: string): Promise<ImageBytes | undefined> {
      const [row] = await db
        .select({ sha256: images.sha256, bytes: images.bytes, contentType: images.contentType })
        .from(images)
        .where(eq(images.sha256, sha256));
      return row;
    },

    /** Images (not thumbnails) stored before `before`, by name. */
    async uploadedBefore(before: Date): Promise<string[]> {
      const rows = await db
        .select({ sha256: images.sha256 })
        .from(images)
        .where(and(isNotNull(images.thumbnailSha256), lt(images.createdAt, before)));
      return rows.map((row) => row.sha256);
    },

    /**
     * Deletes these images, then their thumbnails unless another image still names one (the
     * same thumbnail bytes) or it is an image itself.
     */
    async remove(sha256s: string[]) {
      if (sha256s.length === 0) return;
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(images)
          .where(inArray(images.sha256, sha256s))
          .returning({ thumbnail: images.thumbnailSha256 });
        const thumbnails = gone.flatMap((row) => (row.thumbnail ? [row.thumbnail] : []));
        if (thumbnails.length === 0) return;
        const namers = alias(images, 'namer');
        await tx
          .delete(images)
          .where(
            and(
              inArray(images.sha256, thumbnails),
              isNull(images.thumbnailSha256),
              notExists(
                tx.select({ one: sql`1` }).from(namers).where(eq(namers.thumbnailSha256, images.sha256)),
              ),
            ),
          );
      });
    },

    /** The thumbnail of the image stored under `sha256`. */
    async findThumbnail(sha256: string): Promise<ImageBytes | undefined> {
      const [row] = await db
        .select({
          sha256: thumbnails.sha256,
          bytes: thumbnails.bytes,
          contentType: thumbnails.contentType,
        })
        .from(images)
        .innerJoin(thumbnails, eq(thumbnails.sha256, images.thumbnailSha256))
        .where(eq(images.sha256, sha256));
      return row;
    },
  };
}

export type ImagesRepo = ReturnType<typeof createImagesRepo>;
