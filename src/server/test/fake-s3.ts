import type { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { S3Sender } from '../storage/s3';

type Command = PutObjectCommand | GetObjectCommand | DeleteObjectCommand | ListObjectsV2Command;

export interface FakeS3Object {
  body: Buffer;
  contentType?: string;
  cacheControl?: string;
  lastModified: Date;
}

/**
 * An in-memory bucket that answers the SDK's commands the way S3 does, listing included (in key order,
 * `pageSize` keys a page, as S3 does with 1,000). Objects are keyed `bucket/key`.
 */
export function fakeS3(pageSize = 1000) {
  const objects = new Map<string, FakeS3Object>();
  const sent: Command[] = [];
  const sender = {
    async send(command: Command) {
      sent.push(command);
      if (command instanceof PutObjectCommand) {
        const { Key, Body, ContentType, CacheControl } = command.input;
        objects.set(`${command.input.Bucket}/${Key}`, {
          body: Body as Buffer,
          ...(ContentType ? { contentType: ContentType } : {}),
          ...(CacheControl ? { cacheControl: CacheControl } : {}),
          lastModified: new Date(),
        });
        return {};
      }
      if (command instanceof GetObjectCommand) {
        const object = objects.get(`${command.input.Bucket}/${command.input.Key}`);
        if (!object) throw new NoSuchKey({ message: 'The specified key does not exist.', $metadata: {} });
        return {
          Body: Readable.from(object.body),
          ContentType: object.contentType,
          ContentLength: object.body.length,
        };
      }
      if (command instanceof ListObjectsV2Command) {
        const { Bucket, Prefix = '', ContinuationToken } = command.input;
        const keys = [...objects.keys()]
          .filter((id) => id.startsWith(`${Bucket}/${Prefix}`))
          .map((id) => id.slice(`${Bucket}/`.length))
          .sort()
          .filter((key) => ContinuationToken === undefined || key > ContinuationToken);
        const page = keys.slice(0, pageSize);
        const truncated = keys.length > pageSize;
        return {
          Contents: page.map((key) => ({
            Key: key,
            LastModified: objects.get(`${Bucket}/${key}`)!.lastModified,
          })),
          IsTruncated: truncated,
          ...(truncated ? { NextContinuationToken: page.at(-1) } : {}),
        };
      }
      objects.delete(`${command.input.Bucket}/${command.input.Key}`);
      return {};
    },
  };
  return { sender: sender as unknown as S3Sender, objects, sent };
}
