import {
  DeleteObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { checkKey, type MediaStorage } from "./storage.server";

/*
 * Pictures in S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, Backblaze B2, DigitalOcean
 * Spaces ...): set S3_BUCKET and its companions (README, 'Configuration'). Browsers load the pictures
 * from `publicUrl`, the bucket's public address or a CDN in front of it; the shop only writes.
 */

export interface S3StorageOptions {
  bucket: string;
  /** the provider's API address; unset for AWS itself */
  endpoint?: string;
  /** 'auto' for R2; an AWS region such as 'ap-south-1' */
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** the prefix under which each key is publicly readable, without a trailing slash */
  publicUrl: string;
  /** bucket in the path instead of the host name: what most non-AWS providers (and the test fake) need */
  forcePathStyle: boolean;
}

/** Keys never change content (uploads get fresh names), so browsers may keep them a week, as /media. */
const CACHE_CONTROL = "public, max-age=604800";

export interface S3MediaStorage extends MediaStorage {
  readonly kind: "s3";
  readonly bucket: string;
  /** Checks that the bucket answers with these credentials (for the start-up log). */
  check(): Promise<void>;
  /** Closes the client's connections. */
  close(): void;
}

export function isS3Storage(storage: MediaStorage): storage is S3MediaStorage {
  return (storage as Partial<S3MediaStorage>).kind === "s3";
}

export function s3Storage(options: S3StorageOptions): S3MediaStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // With the SDK's default (checksums on every request, sent as a trailer of a chunked body), S3
    // look-alikes stored the chunk framing inside the object (decision 022): checksum only where the
    // operation requires one. Pictures are sent as whole buffers with their length.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const prefix = options.publicUrl.replace(/\/+$/, "");
  const { bucket } = options;

  return {
    kind: "s3",
    bucket,
    async put(key, body, contentType) {
      checkKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: CACHE_CONTROL,
        }),
      );
    },
    async exists(key) {
      checkKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      checkKey(key);
      // S3 answers 204 for a key that does not exist: deleting twice is no error.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    publicUrl(key) {
      checkKey(key);
      return `${prefix}/${key}`;
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    close() {
      client.destroy();
    },
  };
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.$metadata.httpStatusCode === 404 || error.name === "NotFound" || error.name === "NoSuchKey";
  }
  return false;
}
