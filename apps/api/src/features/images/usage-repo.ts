import { like } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { parts } from '../../db/schema.js';
import { UPLOADS_URL_PREFIX, uploadedImageName } from './store.js';

/** Which uploaded images the catalog names: the rest may be deleted once old (decision 029). */
export function createImageUsageRepo(db: Database) {
  return {
    /**
     * The names (`/uploads/<name>.webp`) of the images any part shows, deleted parts included:
     * their orders still show them.
     */
    async usedNames(): Promise<Set<string>> {
      const rows = await db
        .selectDistinct({ img: parts.img })
        .from(parts)
        .where(like(parts.img, `${UPLOADS_URL_PREFIX}%`));
      return new Set(rows.flatMap((row) => uploadedImageName(row.img) ?? []));
    },
  };
}

export type ImageUsageRepo = ReturnType<typeof createImageUsageRepo>;
