import type { ImageStore } from '../features/images/store.js';
import type { ImageUsageRepo } from '../features/images/usage-repo.js';
import type { Logger } from '../lib/logger.js';
import { startPeriodicJob } from './periodic.js';
import type { StartedBoss } from './pg-boss-queue.js';

export const IMAGE_CLEANUP_QUEUE = 'delete-unused-images';
/**
 * An upload no part names is kept this long: an admin uploads the image first and saves the
 * part after, possibly much later (decision 029).
 */
export const UNUSED_IMAGE_AGE_MS = 24 * 60 * 60_000;
const PERIOD_MS = 60 * 60_000;

/** Deletes the images older than a day that no part names; says how many went. */
export async function deleteUnusedImages(options: {
  store: ImageStore;
  usage: ImageUsageRepo;
  logger: Logger;
  now?: number;
}): Promise<number> {
  const { store, usage, logger, now = Date.now() } = options;
  // The names first, then the images: a part saved meanwhile names an image younger than a day.
  const used = await usage.usedNames();
  const deleted = await store.deleteUnused(new Date(now - UNUSED_IMAGE_AGE_MS), used);
  if (deleted) logger.info({ deleted }, 'deleted uploaded images that no part uses');
  return deleted;
}

/** Every hour, once across all instances (periodic.ts). */
export function startImageCleanup(options: {
  boss: StartedBoss;
  store: ImageStore;
  usage: ImageUsageRepo;
  logger: Logger;
}): Promise<() => Promise<void>> {
  return startPeriodicJob({
    boss: options.boss,
    name: IMAGE_CLEANUP_QUEUE,
    periodMs: PERIOD_MS,
    label: 'the removal of unused images',
    logger: options.logger,
    run: async () => {
      await deleteUnusedImages(options);
    },
  });
}
