import type { Metadata, default as Sharp } from 'sharp';
import { ImageTooLarge, ImageUnreadable, ImageUnsupported } from '../../lib/domain-errors.js';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** About 40 megapixels: larger "images" are refused before any decoding (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
const MAX_EDGE = 1600;
const THUMB_EDGE = 240;

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif']);

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp and libvips, loaded on the first upload: they cost the store ~9 MB from start to stop
 * otherwise, for what an admin does a few times a day (docs/decisions/019).
 */
function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips keeps recently decoded images in a cache and runs one thread per core on each: both
    // multiply the peak of a big decode for no gain in a store that re-encodes a few uploads a day.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}

/**
 * Decodes the upload with sharp and re-encodes it to WebP, so nothing the client sent is ever
 * served: metadata (EXIF, GPS, ICC comments) is dropped, orientation is applied, and only
 * JPEG, PNG, WebP, GIF and AVIF are accepted (SVG and everything else refused).
 */
export async function processImage(input: Buffer): Promise<{ image: Buffer; thumbnail: Buffer }> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // Reads the header only (no pixels are decoded), so a huge claimed size is safe to inspect.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageUnreadable('This file is not an image we can read.');
  }
  const format = metadata.format;
  const avif = format === 'heif' && metadata.compression === 'av1';
  if (!format || !(ACCEPTED.has(format) || avif)) {
    throw new ImageUnsupported('Only JPEG, PNG, WebP, GIF and AVIF images are accepted.');
  }
  if (!metadata.width || !metadata.height || metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new ImageTooLarge('The image is too large: at most 40 megapixels.');
  }

  return oneAtATime(async () => {
    try {
      // Decoded once, straight to at most 1600 px (libvips shrinks while it decodes); the
      // thumbnail is made from those pixels rather than from a second decode of the upload.
      const { data, info } = await sharp(input, {
        limitInputPixels: MAX_INPUT_PIXELS,
        failOn: 'truncated',
        animated: false,
      })
        .rotate()
        .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels = () =>
        sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      const [image, thumbnail] = await Promise.all([
        pixels().webp({ quality: 82 }).toBuffer(),
        pixels()
          .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 75 })
          .toBuffer(),
      ]);
      return { image, thumbnail };
    } catch {
      throw new ImageUnreadable('The image is damaged or incomplete.');
    }
  });
}

/**
 * A 40-megapixel decode costs a few hundred MB at its peak: uploads are decoded one at a time
 * per process, so two admins uploading at once cannot double it. Waiting uploads hold only
 * their (at most 5 MB) file.
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = queue.then(work);
  queue = turn.catch(() => {});
  return turn;
}
