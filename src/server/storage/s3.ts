import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { ObjectStore } from './types';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** Any S3-compatible service (MinIO, R2, Spaces…); empty means AWS itself. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers load public objects from (a CDN or the bucket's public address). */
  publicUrl?: string;
  /** Keys asked for per listing page: S3's own most, 1,000, unless a test wants to see several pages. */
  listPageSize?: number;
}

/** Keys hold content-hashed names that are never rewritten, so browsers and CDNs may keep them a year. */
const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';
// Private objects are only served through our signed-link route, never straight from the bucket.
const PRIVATE_CACHE_CONTROL = 'private, no-store';

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
  }
  return error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}

function publicBase(options: S3StoreOptions): string {
  if (options.publicUrl) return options.publicUrl.replace(/\/+$/, '');
  if (options.endpoint) return `${options.endpoint.replace(/\/+$/, '')}/${options.bucket}`;
  return `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
}

async function toReadable(body: unknown): Promise<Readable> {
  if (body instanceof Readable) return body;
  if (body && typeof body === 'object' && 'transformToByteArray' in body) {
    const bytes = await (body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray();
    return Readable.from(Buffer.from(bytes));
  }
  throw new Error('S3 answered an object without a readable body');
}

function createS3Client(options: S3StoreOptions): S3Client {
  return new S3Client({
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    ...(options.endpoint
      ? // Self-hosted stores rarely have a DNS name per bucket, so the bucket goes in the path.
        { endpoint: options.endpoint, forcePathStyle: true }
      : {}),
  });
}

/** Objects in one bucket of any S3-compatible store. */
export function createS3Store(options: S3StoreOptions): ObjectStore {
  const client = createS3Client(options);
  const base = publicBase(options);
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: key.startsWith('private/') ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        if (!answer.Body) return null;
        return {
          body: await toReadable(answer.Body),
          contentType: answer.ContentType ?? 'application/octet-stream',
          ...(answer.ContentLength === undefined ? {} : { size: answer.ContentLength }),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers a delete of a missing key with success, which is the contract already.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
    publicUrl(key) {
      return `${base}/${key}`;
    },
    async *list(folder) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: options.bucket,
            Prefix: folder,
            ContinuationToken: token,
            MaxKeys: options.listPageSize,
          }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) yield { key: object.Key, lastModified: object.LastModified };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
