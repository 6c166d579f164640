import type * as S3Sdk from "@aws-sdk/client-s3";
import type { S3Client } from "@aws-sdk/client-s3";
import { checkKey, type MediaStorage } from "./storage.server";

/*
 * Pictures in S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, Backblaze B2, DigitalOcean
 * Spaces ...): set S3_BUCKET and its companions (README, 'Configuration'). Browsers load the pictures
 * from `publicUrl`, the bucket's public address or a CDN in front of it; the shop only writes.
 * The SDK is loaded with the first request, not with the server: most shops keep pictures on disk, and
 * loaded at start it held a few MB in every server process (decision 048).
 */

type Sdk = typeof S3Sdk;
let sdkLoading: Promise<Sdk> | null = null;
const loadSdk = (): Promise<Sdk> => (sdkLoading ??= import("@aws-sdk/client-s3"));

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
  let client: Promise<{ sdk: Sdk; s3: S3Client }> | null = null;
  const connect = () =>
    (client ??= loadSdk().then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
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
      }),
    })));
  const prefix = options.publicUrl.replace(/\/+$/, "");
  const { bucket } = options;

  return {
    kind: "s3",
    bucket,
    async put(key, body, contentType) {
      checkKey(key);
      const { sdk, s3 } = await connect();
      await s3.send(
        new sdk.PutObjectCommand({
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
      const { sdk, s3 } = await connect();
      try {
        await s3.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(sdk, error)) return false;
        throw error;
      }
    },
    async delete(key) {
      checkKey(key);
      // S3 answers 204 for a key that does not exist: deleting twice is no error.
      const { sdk, s3 } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    publicUrl(key) {
      checkKey(key);
      return `${prefix}/${key}`;
    },
    async check() {
      const { sdk, s3 } = await connect();
      await s3.send(new sdk.HeadBucketCommand({ Bucket: bucket }));
    },
    close() {
      void client?.then(({ s3 }) => s3.destroy());
    },
  };
}

function isNotFound(sdk: Sdk, error: unknown): boolean {
  if (error instanceof sdk.S3ServiceException) {
    return error.$metadata.httpStatusCode === 404 || error.name === "NotFound" || error.name === "NoSuchKey";
  }
  return false;
}
