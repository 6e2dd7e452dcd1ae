import type { BoundedQueue } from '../../lib/bounded-queue.js';
import { type FeatureHandlers, reply } from '../../lib/route-handlers.js';
import type { ImagesService } from './service.js';
import { uploadSteps } from './upload.js';

export const imagesHandlers = (service: ImagesService, { queue }: { queue: BoundedQueue }) =>
  ({
    upload: {
      // An upload is no part's image until a part's edit names it (which empties the read cache).
      changes: [],
      upload: uploadSteps(queue),
      handle: async ({ user, upload: { fields, file } }) =>
        reply(201, {
          success: true as const,
          status: 201,
          data: await service.upload(user, fields.key, file?.buffer),
        }),
    },
  }) satisfies FeatureHandlers<'images'>;
