import { timingSafeEqual } from 'node:crypto';
import type { BoundedQueue } from '../../lib/bounded-queue.js';
import { type FeatureHandlers, reply } from '../../lib/route-handlers.js';
import { ImageRejected, processImage } from './process.js';
import type { ImageStore } from './store.js';
import { refusal, uploadSteps } from './upload.js';

const sameKey = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const imagesHandlers = (
  store: ImageStore,
  { key, queue }: { key?: string | undefined; queue: BoundedQueue },
) =>
  ({
    upload: {
      // An upload is no part's image until a part's edit names it (which empties the read cache).
      changes: [],
      upload: uploadSteps(queue),
      handle: async ({ upload: { fields, file } }) => {
        if (key && !(typeof fields.key === 'string' && sameKey(fields.key, key))) {
          return reply(403, refusal(403, 'The image host key is missing or wrong.'));
        }
        if (!file || file.size === 0) return reply(400, refusal(400, 'Choose an image to upload.'));
        try {
          const { image, thumbnail } = await processImage(file.buffer);
          const saved = await store.save(image, thumbnail);
          return reply(201, {
            success: true as const,
            status: 201,
            data: { url: saved.url, thumb: saved.thumbUrl },
          });
        } catch (error) {
          if (error instanceof ImageRejected)
            return reply(error.status, refusal(error.status, error.message));
          throw error;
        }
      },
    },
  }) satisfies FeatureHandlers<'images'>;
