import { Readable } from 'node:stream';
import type { GetObjectCommandOutput, ListObjectsV2CommandOutput, S3Client } from '@aws-sdk/client-s3';
import { apiMessages } from '@store/shared';
import { Unavailable } from '../../lib/domain-errors.js';
import type { Logger } from '../../lib/logger.js';
import { IMMUTABLE, type ImageStore, STORED_FILE_PATTERN, sha256, urls } from './store.js';

/** S3_BUCKET and its companions (config.ts). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, Ceph…); unset: AWS itself. */
  endpoint?: string | undefined;
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>`. */
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's default chain (AWS_* variables, shared files, an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** Seconds a client is told to wait when the bucket cannot be reached. */
export const BUCKET_RETRY_AFTER_SECONDS = 5;

/**
 * Images in an S3-compatible bucket, under the same content-addressed names as the database
 * store (the object key is the file name of the URL), so any instance serves them and a name
 * never changes what it serves. Reads are streamed through, never held whole in memory.
 * `earlier`: the store used before the bucket (PostgreSQL), still read for names the bucket
 * lacks, so images uploaded before the switch keep their URLs.
 */
export function createS3ImageStore(settings: S3Settings, logger: Logger, earlier?: ImageStore): ImageStore {
  const { bucket } = settings;
  let connecting: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  // The SDK costs about 22 MB of RSS and 0.3 s to load: only a store with a bucket pays, on
  // its first image.
  const connect = () =>
    (connecting ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: clientOf(sdk, settings) })));

  const unavailable = (error: unknown, operation: string) => {
    logger.warn({ err: error, bucket, operation }, 'image bucket unavailable');
    return new Unavailable(apiMessages.databaseUnavailable, BUCKET_RETRY_AFTER_SECONDS, { cause: error });
  };

  async function exists(key: string): Promise<boolean> {
    const { sdk, client } = await connect();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissingObject(sdk, error)) return false;
      throw unavailable(error, 'HeadObject');
    }
  }

  async function put(key: string, body: Buffer) {
    const { sdk, client } = await connect();
    try {
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: 'image/webp',
          // For a CDN or browser that fetches from the bucket directly.
          CacheControl: IMMUTABLE,
        }),
      );
    } catch (error) {
      throw unavailable(error, 'PutObject');
    }
  }

  async function remove(key: string) {
    const { sdk, client } = await connect();
    try {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    } catch (error) {
      throw unavailable(error, 'DeleteObject');
    }
  }

  /** The bucket's images (not thumbnails) last written before `before`, a page at a time. */
  async function* imagesBefore(before: Date): AsyncGenerator<string> {
    const { sdk, client } = await connect();
    let token: string | undefined;
    do {
      let page: ListObjectsV2CommandOutput;
      try {
        page = await client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      } catch (error) {
        throw unavailable(error, 'ListObjectsV2');
      }
      for (const object of page.Contents ?? []) {
        const name = STORED_FILE_PATTERN.exec(object.Key ?? '');
        if (name?.[1] && !name[2] && object.LastModified && object.LastModified < before) yield name[1];
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    async deleteUnused(before, used) {
      let deleted = 0;
      for await (const name of imagesBefore(before)) {
        if (used.has(name)) continue;
        // The image first: a stored image always has its thumbnail.
        await remove(`${name}.webp`);
        await remove(`${name}.thumb.webp`);
        deleted += 1;
      }
      return deleted + ((await earlier?.deleteUnused(before, used)) ?? 0);
    },

    async save(image, thumbnail) {
      const name = sha256(image);
      const { url, thumbUrl } = urls(name);
      // Immutable: bytes stored before keep the thumbnail they were stored with. The thumbnail
      // goes first, so a stored image always has one.
      if (!(await exists(`${name}.webp`))) {
        await put(`${name}.thumb.webp`, thumbnail);
        await put(`${name}.webp`, image);
      }
      return { url, thumbUrl };
    },

    async read(fileName) {
      if (!STORED_FILE_PATTERN.test(fileName)) return undefined;
      const { sdk, client } = await connect();
      let object: GetObjectCommandOutput;
      try {
        object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: fileName }));
      } catch (error) {
        if (isMissingObject(sdk, error)) return earlier?.read(fileName);
        throw unavailable(error, 'GetObject');
      }
      // In Node the SDK's body is the HTTP response itself (an IncomingMessage).
      if (!(object.Body instanceof Readable)) throw new Error('GetObject gave no readable body');
      return {
        contentType: object.ContentType ?? 'image/webp',
        stream: object.Body,
        size: object.ContentLength,
      };
    },
  };
}

type Sdk = typeof import('@aws-sdk/client-s3');

function clientOf(sdk: Sdk, settings: S3Settings): S3Client {
  return new sdk.S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint && { endpoint: settings.endpoint }),
    ...(settings.credentials && { credentials: settings.credentials }),
    // Since 3.729 the SDK adds CRC32 checksum headers to every PutObject and asks for checksums
    // on every GetObject. S3-compatible services that predate them refuse the upload
    // (Backblaze B2: "Unsupported header 'x-amz-sdk-checksum-algorithm'"; older MinIO, Ceph and
    // R2 set-ups: XAmzContentSHA256Mismatch). Checksums only where the API demands them keep
    // every service working; the bytes are named by their own SHA-256 anyway. (s3rver, which
    // the tests run, accepts both settings.)
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that does not answer becomes a 503 within about 10 s (two attempts of at most
    // 2 s to connect and 5 s to the response's headers) rather than the OS's connect timeout.
    // The request timeout would only log (through console) without throwOnRequestTimeout. No
    // idle timeout on the socket: a slow client slows the body's stream, and that is not a fault.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000, throwOnRequestTimeout: true },
  });
}

/**
 * No such object: 404 (NoSuchKey from GetObject, a bodiless NotFound from HeadObject). A missing
 * bucket is a 404 too, but a misconfiguration, not a missing image. Without s3:ListBucket, S3
 * answers 403 for a missing key: that is treated as the bucket being unusable (README).
 */
function isMissingObject(sdk: Sdk, error: unknown): boolean {
  return (
    error instanceof sdk.S3ServiceException &&
    error.$metadata.httpStatusCode === 404 &&
    error.name !== 'NoSuchBucket'
  );
}
