import { timingSafeEqual } from 'node:crypto';
import type { Caller } from '../../auth/caller.js';
import { ImageUnreadable, WrongImageKey } from '../../lib/domain-errors.js';
import type { AuditTrail } from '../audit/index.js';
import { processImage } from './process.js';
import type { ImageStore } from './store.js';

const sameKey = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The image host (`POST /api/image`, multipart `image` + `key`): an upload is checked against the
 * host's key (when one is set), decoded and re-encoded (process.ts, so nothing the client sent is
 * ever served), and only then stored. A refusal stores nothing.
 */
export function createImagesService({
  store,
  key,
  audit,
}: {
  store: ImageStore;
  key?: string | undefined;
  /** Where each upload is recorded (its URLs, never its bytes). */
  audit: AuditTrail;
}) {
  return {
    /** `givenKey`: the form's `key` field, whatever it held; `file`: the upload's bytes, if any. */
    async upload(
      admin: Caller,
      givenKey: unknown,
      file: Buffer | undefined,
    ): Promise<{ url: string; thumb: string }> {
      if (key && !(typeof givenKey === 'string' && sameKey(givenKey, key))) {
        throw new WrongImageKey('The image host key is missing or wrong.');
      }
      if (!file || file.length === 0) throw new ImageUnreadable('Choose an image to upload.');
      const { image, thumbnail } = await processImage(file);
      const saved = await store.save(image, thumbnail);
      // After the save: a file on disk or in a bucket is in no transaction. An upload that fails
      // to store records nothing; one whose entry fails is an unused image the clean-up removes.
      await audit.recordDone({
        actor: admin.email,
        action: 'image.upload',
        target: { type: 'image', id: saved.url, label: saved.url },
        after: { url: saved.url, thumb: saved.thumbUrl, size: image.length },
      });
      return { url: saved.url, thumb: saved.thumbUrl };
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
