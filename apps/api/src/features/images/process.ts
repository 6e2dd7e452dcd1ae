import sharp, { type Metadata } from 'sharp';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** About 40 megapixels: larger "images" are refused before any decoding (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
const MAX_EDGE = 1600;
const THUMB_EDGE = 240;

export class ImageRejected extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * Decodes the upload with sharp and re-encodes it to WebP, so nothing the client sent is ever
 * served: metadata (EXIF, GPS, ICC comments) is dropped, orientation is applied, and only
 * JPEG, PNG, WebP, GIF and AVIF are accepted (SVG and everything else refused).
 */
export async function processImage(input: Buffer): Promise<{ image: Buffer; thumbnail: Buffer }> {
  let metadata: Metadata;
  try {
    // Reads the header only (no pixels are decoded), so a huge claimed size is safe to inspect.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected(400, 'This file is not an image we can read.');
  }
  const format = metadata.format;
  const avif = format === 'heif' && metadata.compression === 'av1';
  if (!format || !(ACCEPTED.has(format) || avif)) {
    throw new ImageRejected(415, 'Only JPEG, PNG, WebP, GIF and AVIF images are accepted.');
  }
  if (!metadata.width || !metadata.height || metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new ImageRejected(413, 'The image is too large: at most 40 megapixels.');
  }

  const decode = () =>
    sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', animated: false }).rotate();
  try {
    const [image, thumbnail] = await Promise.all([
      decode()
        .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
      decode()
        .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer(),
    ]);
    return { image, thumbnail };
  } catch {
    throw new ImageRejected(400, 'The image is damaged or incomplete.');
  }
}
