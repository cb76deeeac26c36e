// S3-compatible bucket storage (AWS S3, MinIO, R2, Ceph, …) for running several processes.
import { createHash } from 'node:crypto';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  NoSuchKey,
  type ObjectIdentifier,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { type ListedObject, type Storage, StorageDeleteError } from './storage';

export type S3Options = {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** How long one request may take before it is abandoned (and retried by the SDK). */
  timeoutMs?: number;
};

/** A stalled store must not hold a job or a request forever; an upload of a 2048 px PNG fits. */
const S3_TIMEOUT_MS = 30_000;

const FLEXIBLE_CHECKSUM_HEADER = /^x-amz-(checksum-|sdk-checksum-algorithm$|trailer$)/i;

/**
 * Sends DeleteObjects with Content-MD5 and no flexible checksum. Amazon documents Content-MD5 as
 * the header Multi-Object Delete requires; the SDK instead adds a CRC32 checksum even with
 * requestChecksumCalculation WHEN_REQUIRED (aws-sdk-js-v3 issue 6819), which stores without
 * flexible checksums (R2 at the time, MinIO before 2025, Ceph RGW) refuse. Every store accepts MD5.
 * Runs late in the build step, after the SDK's checksum middleware and before signing.
 */
function sendContentMd5OnDeleteObjects(client: S3Client) {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown };
      if (context.commandName !== 'DeleteObjectsCommand' || !request.headers) return next(args);
      for (const name of Object.keys(request.headers)) {
        if (FLEXIBLE_CHECKSUM_HEADER.test(name)) delete request.headers[name];
      }
      const body = typeof request.body === 'string' || request.body instanceof Uint8Array ? request.body : '';
      request.headers['content-md5'] = createHash('md5').update(body).digest('base64');
      return next(args);
    },
    { step: 'build', priority: 'low', name: 'clipsmithContentMd5ForDeleteObjects' },
  );
}

export function createS3Storage(opts: S3Options): Storage {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    // Self-hosted S3-compatible servers rarely have per-bucket DNS names.
    forcePathStyle: Boolean(opts.endpoint),
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    // Since 3.729 the SDK adds CRC32 checksums to every upload and asks for them on every read;
    // stores without flexible checksums refuse those headers. Checksums only where S3 requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket in another region than S3_REGION answers 301; follow it instead of failing.
    followRegionRedirects: true,
    // Without these the SDK waits forever on a store that accepted the connection and went silent.
    requestHandler: {
      connectionTimeout: Math.min(5000, opts.timeoutMs ?? S3_TIMEOUT_MS),
      requestTimeout: opts.timeoutMs ?? S3_TIMEOUT_MS,
      throwOnRequestTimeout: true,
    },
  });
  sendContentMd5OnDeleteObjects(client);
  const Bucket = opts.bucket;

  const list = async (prefix: string, next?: string | null) => {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: next ?? undefined }),
    );
    const objects: ListedObject[] = (page.Contents ?? []).map((o) => ({
      key: o.Key!,
      lastModified: o.LastModified ?? new Date(0),
    }));
    return { objects, next: page.IsTruncated ? (page.NextContinuationToken ?? null) : null };
  };

  let versionsUnsupported = false;
  /**
   * One page of every version and delete marker under prefix. In a versioned bucket a delete
   * without a VersionId only hides the bytes behind a marker; deleting each version removes them.
   * Stores without versioning (Cloudflare R2) do not implement the call: their plain list is the
   * whole truth.
   */
  const listVersions = async (
    prefix: string,
    marker: { key?: string; versionId?: string },
  ): Promise<{ targets: ObjectIdentifier[]; next: { key?: string; versionId?: string } | null }> => {
    if (!versionsUnsupported) {
      try {
        const page = await client.send(
          new ListObjectVersionsCommand({
            Bucket,
            Prefix: prefix,
            KeyMarker: marker.key,
            VersionIdMarker: marker.versionId,
          }),
        );
        const targets = [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])].map((v) => ({
          Key: v.Key!,
          VersionId: v.VersionId,
        }));
        const next = page.IsTruncated
          ? { key: page.NextKeyMarker, versionId: page.NextVersionIdMarker }
          : null;
        return { targets, next };
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if ((error as { name?: string }).name !== 'NotImplemented' && status !== 501) throw error;
        versionsUnsupported = true;
      }
    }
    const page = await list(prefix, marker.key);
    return {
      targets: page.objects.map((o) => ({ Key: o.key })),
      next: page.next ? { key: page.next } : null,
    };
  };

  return {
    kind: 's3',
    async put(key, bytes, contentType, options) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }), {
        abortSignal: options?.signal,
      });
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
    list,
    async deletePrefix(prefix) {
      const refused: StorageDeleteError['refused'] = [];
      let next: { key?: string; versionId?: string } | null = {};
      do {
        const page = await listVersions(prefix, next);
        // A list page holds at most 1000 keys, DeleteObjects' limit.
        if (page.targets.length > 0) {
          const result = await client.send(
            new DeleteObjectsCommand({ Bucket, Delete: { Objects: page.targets, Quiet: true } }),
          );
          // A 200 answer can still refuse single keys; those objects are still there.
          for (const error of result.Errors ?? []) {
            refused.push({
              key: error.Key ?? '?',
              code: error.Code ?? 'Unknown',
              message: error.Message ?? '',
            });
          }
        }
        next = page.next;
      } while (next);
      if (refused.length > 0) throw new StorageDeleteError(refused);
    },
  };
}
