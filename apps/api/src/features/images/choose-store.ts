import type { DatabaseHandle } from '../../db/client.js';
import type { Logger } from '../../lib/logger.js';
import { createImagesRepo } from './repo.js';
import { createS3ImageStore, type S3Settings } from './s3-store.js';
import { createDatabaseImageStore, createLocalImageStore, type ImageStore } from './store.js';

/**
 * Where uploads go: with a bucket, or on PostgreSQL, every instance serves every upload;
 * otherwise the embedded store is one instance with its own disk. A bucket still serves what
 * went to PostgreSQL before it (docs/decisions/013). The app and the jobs use the same one.
 */
export function chooseImageStore(
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
  settings: { uploadsDir: string; s3?: S3Settings | undefined },
  logger: Logger,
): ImageStore {
  const own =
    database.kind === 'postgres'
      ? createDatabaseImageStore(createImagesRepo(database.db))
      : createLocalImageStore(settings.uploadsDir);
  return settings.s3 ? createS3ImageStore(settings.s3, logger, own) : own;
}
