// A small S3-compatible server (path-style) speaking the real protocol over HTTP: PutObject,
// GetObject, HeadObject, ListObjectsV2 (paged) and DeleteObjects. Requests must carry a SigV4 header.
//
// It is as strict as the strictest S3-compatible stores we must run on (Cloudflare R2 when the
// AWS SDK started sending flexible checksums, MinIO before 2025, Ceph RGW), so an adapter that
// passes here works there:
// - any flexible-checksum header (x-amz-checksum-*, x-amz-sdk-checksum-algorithm, x-amz-trailer)
//   is refused with 501 NotImplemented, as R2 answered;
// - DeleteObjects needs Content-MD5 (Amazon's Multi-Object Delete documents it as required) and
//   the digest must match the body (400 BadDigest otherwise);
// - DeleteObjects takes at most 1000 keys (400 MalformedXML);
// - on request (refuseDeletes) DeleteObjects answers 200 with a per-key <Error> for chosen keys and
//   keeps those objects, as S3 does for a key it may not delete.
// On request it also plays, as Amazon's S3 user guide documents them:
// - bucket versioning (setVersioning): a PUT adds a version; a DeleteObjects entry without a
//   VersionId only adds a delete marker (the bytes stay, GET answers 404); one with a VersionId
//   removes exactly that version or marker for good; ListObjectVersions (GET ?versions) lists
//   versions and markers, newest first per key, paged by key-marker/version-id-marker. An object
//   stored before versioning was turned on is the version "null";
// - a least-privilege policy (allowOnly): any request for a key or list prefix outside the allowed
//   prefix is 403 AccessDenied (per key in DeleteObjects);
// - a store that stops answering (stall): requests are held without an answer.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type StoredObject = { body: Buffer; contentType: string; etag: string; lastModified: Date };
/** One version of a key in a versioned bucket: an object, or a delete marker (no object). */
export type StoredVersion = { versionId: string; object?: StoredObject; lastModified: Date };

export type FakeS3 = {
  url: string;
  bucket: string;
  objects: Map<string, StoredObject>;
  requests: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders }>;
  /** Keys matching this are refused in DeleteObjects (per-key AccessDenied); null accepts all. */
  refuseDeletes(match: ((key: string) => boolean) | null): void;
  /** Puts an object directly, as something outside the app would (an orphan, an old file). */
  seed(key: string, body: Buffer | string, lastModified?: Date): void;
  /** The most keys one ListObjectsV2 page returns (S3's is 1000; smaller to exercise paging). */
  maxKeys: number;
  /** Turns bucket versioning on (as PutBucketVersioning Enabled) or back to unversioned. */
  setVersioning(on: boolean): void;
  /** Every version and delete marker of keys under prefix, as ListObjectVersions would show them. */
  versions(prefix?: string): Array<{ key: string; versionId: string; deleteMarker: boolean }>;
  /** Answers AccessDenied for any key or list prefix outside this prefix; null allows all. */
  allowOnly(prefix: string | null): void;
  /** Holds every following request without an answer (a store that hangs); false answers again. */
  stall(on: boolean): void;
  /** False answers ListObjectVersions with 501 NotImplemented, as Cloudflare R2 does. */
  listsVersions: boolean;
  close(): Promise<void>;
};

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unesc = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const errorXml = (code: string, message: string, extra = '') =>
  xml(`<Error><Code>${code}</Code><Message>${esc(message)}</Message>${extra}</Error>`);

const FLEXIBLE_CHECKSUM = /^x-amz-(checksum-|sdk-checksum-algorithm$|trailer$)/;

export async function startFakeS3(bucket = 'clipsmith-test'): Promise<FakeS3> {
  const objects = new Map<string, StoredObject>();
  const requests: FakeS3['requests'] = [];
  let refused: ((key: string) => boolean) | null = null;
  const fake = { maxKeys: 1000, listsVersions: true };
  let versioning = false;
  let allowed: string | null = null;
  let stalled = false;
  let nextVersion = 0;
  /** Versions per key, oldest first; only keys written or deleted while versioning was on. */
  const history = new Map<string, StoredVersion[]>();
  const versionsOf = (key: string): StoredVersion[] => {
    const known = history.get(key);
    if (known) return known;
    const current = objects.get(key);
    return current ? [{ versionId: 'null', object: current, lastModified: current.lastModified }] : [];
  };
  const newVersionId = () => `v${String(++nextVersion).padStart(8, '0')}`;
  /** The newest version decides what GET sees: an object, or nothing under a marker. */
  const settle = (key: string, list: StoredVersion[]) => {
    if (list.length === 0) history.delete(key);
    else history.set(key, list);
    const latest = list.at(-1)?.object;
    if (latest) objects.set(key, latest);
    else objects.delete(key);
  };
  const isAllowed = (key: string) => allowed === null || key.startsWith(allowed);

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ method: req.method ?? '', path: url.pathname + url.search, headers: req.headers });
    const send = (status: number, text: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/xml', ...headers });
      res.end(text);
    };
    if (stalled) return;
    if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256')) {
      return send(403, errorXml('AccessDenied', 'Missing signature'));
    }
    const checksumHeader = Object.keys(req.headers).find((h) => FLEXIBLE_CHECKSUM.test(h));
    if (checksumHeader) {
      return send(
        501,
        errorXml(
          'NotImplemented',
          `Header '${checksumHeader}' with value '${String(req.headers[checksumHeader])}' not implemented`,
        ),
      );
    }
    const [, b, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (b !== bucket) return send(404, errorXml('NoSuchBucket', 'The specified bucket does not exist'));
    const listPrefix = url.searchParams.get('prefix') ?? '';
    if ((key && !isAllowed(key)) || (!key && req.method === 'GET' && !isAllowed(listPrefix)))
      return send(403, errorXml('AccessDenied', 'Access Denied'));

    if (req.method === 'PUT' && key) {
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      const object = {
        body,
        contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
        etag,
        lastModified: new Date(),
      };
      if (!versioning) {
        objects.set(key, object);
        return send(200, '', { ETag: etag });
      }
      const versionId = newVersionId();
      settle(key, [...versionsOf(key), { versionId, object, lastModified: object.lastModified }]);
      return send(200, '', { ETag: etag, 'x-amz-version-id': versionId });
    }
    if (req.method === 'GET' && !key && url.searchParams.has('versions') && fake.listsVersions) {
      const keyMarker = url.searchParams.get('key-marker');
      const versionMarker = url.searchParams.get('version-id-marker');
      const limit = Math.max(1, Math.min(Number(url.searchParams.get('max-keys') ?? 1000), fake.maxKeys));
      const keys = [...new Set([...objects.keys(), ...history.keys()])]
        .filter((k) => k.startsWith(listPrefix))
        .sort();
      // Newest first within a key, as S3 lists them.
      const all = keys.flatMap((k) =>
        [...versionsOf(k)].reverse().map((v, i) => ({ key: k, v, latest: i === 0 })),
      );
      let start = 0;
      if (keyMarker !== null) {
        const at = all.findIndex((e) =>
          versionMarker ? e.key === keyMarker && e.v.versionId === versionMarker : e.key > keyMarker,
        );
        start = versionMarker ? at + 1 : at === -1 ? all.length : at;
      }
      const page = all.slice(start, start + limit);
      const truncated = start + page.length < all.length;
      const entries = page
        .map(({ key: k, v, latest }) =>
          v.object
            ? `<Version><Key>${esc(k)}</Key><VersionId>${v.versionId}</VersionId><IsLatest>${latest}</IsLatest><LastModified>${v.lastModified.toISOString()}</LastModified><ETag>${esc(v.object.etag)}</ETag><Size>${v.object.body.length}</Size><StorageClass>STANDARD</StorageClass></Version>`
            : `<DeleteMarker><Key>${esc(k)}</Key><VersionId>${v.versionId}</VersionId><IsLatest>${latest}</IsLatest><LastModified>${v.lastModified.toISOString()}</LastModified></DeleteMarker>`,
        )
        .join('');
      const last = page.at(-1);
      const next =
        truncated && last
          ? `<NextKeyMarker>${esc(last.key)}</NextKeyMarker><NextVersionIdMarker>${last.v.versionId}</NextVersionIdMarker>`
          : '';
      return send(
        200,
        xml(
          `<ListVersionsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${esc(listPrefix)}</Prefix><MaxKeys>${limit}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${entries}${next}</ListVersionsResult>`,
        ),
      );
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && key) {
      const o = objects.get(key);
      if (!o)
        return send(
          404,
          errorXml('NoSuchKey', 'The specified key does not exist.', `<Key>${esc(key)}</Key>`),
        );
      res.writeHead(200, {
        'content-type': o.contentType,
        'content-length': o.body.length,
        etag: o.etag,
        'last-modified': o.lastModified.toUTCString(),
      });
      return res.end(req.method === 'HEAD' ? undefined : o.body);
    }
    if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const token = url.searchParams.get('continuation-token');
      const after = token
        ? Buffer.from(token, 'base64url').toString('utf8')
        : url.searchParams.get('start-after');
      const asked = Number(url.searchParams.get('max-keys') ?? 1000);
      const limit = Math.max(1, Math.min(asked, fake.maxKeys));
      const matching = [...objects.keys()]
        .filter((k) => k.startsWith(prefix) && (after === null || k > after))
        .sort();
      const page = matching.slice(0, limit);
      const truncated = matching.length > page.length;
      const contents = page
        .map((k) => {
          const o = objects.get(k)!;
          return `<Contents><Key>${esc(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${esc(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
        })
        .join('');
      const next = truncated
        ? `<NextContinuationToken>${Buffer.from(page.at(-1)!, 'utf8').toString('base64url')}</NextContinuationToken>`
        : '';
      return send(
        200,
        xml(
          `<ListBucketResult><Name>${bucket}</Name><Prefix>${esc(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${limit}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
        ),
      );
    }
    if (req.method === 'POST' && url.searchParams.has('delete')) {
      const md5 = req.headers['content-md5'];
      if (!md5)
        return send(
          400,
          errorXml('InvalidRequest', 'Missing required header for this request: Content-Md5.'),
        );
      if (md5 !== createHash('md5').update(body).digest('base64'))
        return send(
          400,
          errorXml('BadDigest', 'The Content-MD5 you specified did not match what we received.'),
        );
      const text = body.toString('utf8');
      const entries = [...text.matchAll(/<Object>([\s\S]*?)<\/Object>/g)].map((m) => ({
        key: unesc(/<Key>([^<]*)<\/Key>/.exec(m[1])?.[1] ?? ''),
        versionId: /<VersionId>([^<]*)<\/VersionId>/.exec(m[1])?.[1],
      }));
      if (entries.length > 1000)
        return send(400, errorXml('MalformedXML', 'The XML you provided was not well-formed.'));
      const quiet = /<Quiet>true<\/Quiet>/.test(text);
      const results: string[] = [];
      for (const { key: k, versionId } of entries) {
        if (refused?.(k) || !isAllowed(k)) {
          results.push(
            `<Error><Key>${esc(k)}</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`,
          );
          continue;
        }
        if (versionId !== undefined) {
          // That version (or marker) goes for good; a version that is not there counts as deleted.
          settle(
            k,
            versionsOf(k).filter((v) => v.versionId !== versionId),
          );
          if (!quiet)
            results.push(`<Deleted><Key>${esc(k)}</Key><VersionId>${esc(versionId)}</VersionId></Deleted>`);
        } else if (versioning) {
          // Without a VersionId a versioned bucket only hides the key behind a new delete marker.
          const marker = newVersionId();
          settle(k, [...versionsOf(k), { versionId: marker, lastModified: new Date() }]);
          if (!quiet)
            results.push(
              `<Deleted><Key>${esc(k)}</Key><DeleteMarker>true</DeleteMarker><DeleteMarkerVersionId>${marker}</DeleteMarkerVersionId></Deleted>`,
            );
        } else {
          // A key that is not there counts as deleted, as S3 answers.
          objects.delete(k);
          if (!quiet) results.push(`<Deleted><Key>${esc(k)}</Key></Deleted>`);
        }
      }
      return send(
        200,
        xml(
          `<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${results.join('')}</DeleteResult>`,
        ),
      );
    }
    send(501, errorXml('NotImplemented', 'Not supported by the fake'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    refuseDeletes(match: ((key: string) => boolean) | null) {
      refused = match;
    },
    setVersioning(on: boolean) {
      versioning = on;
    },
    versions(prefix = '') {
      return [...new Set([...objects.keys(), ...history.keys()])]
        .filter((k) => k.startsWith(prefix))
        .sort()
        .flatMap((key) =>
          versionsOf(key).map((v) => ({ key, versionId: v.versionId, deleteMarker: !v.object })),
        );
    },
    allowOnly(prefix: string | null) {
      allowed = prefix;
    },
    stall(on: boolean) {
      stalled = on;
    },
    seed(key: string, content: Buffer | string, lastModified = new Date()) {
      const bytes = Buffer.from(content);
      const etag = `"${createHash('md5').update(bytes).digest('hex')}"`;
      objects.set(key, { body: bytes, contentType: 'application/octet-stream', etag, lastModified });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** The settings that point the app's storage at this fake bucket. */
export function s3Env(s3: FakeS3) {
  return {
    S3_ENDPOINT: s3.url,
    S3_BUCKET: s3.bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'test',
    S3_SECRET_ACCESS_KEY: 'test-secret',
  };
}
