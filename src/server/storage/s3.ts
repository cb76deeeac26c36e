// S3-compatible bucket storage (AWS S3, MinIO, R2, …) for running several processes.
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Storage } from './storage';

export type S3Options = {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export function createS3Storage(opts: S3Options): Storage {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    // Self-hosted S3-compatible servers rarely have per-bucket DNS names.
    forcePathStyle: Boolean(opts.endpoint),
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
  });
  const Bucket = opts.bucket;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const bytes = Buffer.from(await res.Body!.transformToByteArray());
        return {
          bytes,
          contentType: res.ContentType ?? 'application/octet-stream',
          etag: res.ETag ?? `"${bytes.length}"`,
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async deletePrefix(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
        if (keys.length > 0)
          await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
