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
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type StoredObject = { body: Buffer; contentType: string; etag: string; lastModified: Date };

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
  const fake = { maxKeys: 1000 };

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

    if (req.method === 'PUT' && key) {
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      objects.set(key, {
        body,
        contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
        etag,
        lastModified: new Date(),
      });
      return send(200, '', { ETag: etag });
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
      const keys = [...text.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => unesc(m[1]));
      if (keys.length > 1000)
        return send(400, errorXml('MalformedXML', 'The XML you provided was not well-formed.'));
      const quiet = /<Quiet>true<\/Quiet>/.test(text);
      const results: string[] = [];
      for (const k of keys) {
        if (refused?.(k)) {
          results.push(
            `<Error><Key>${esc(k)}</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`,
          );
          continue;
        }
        // A key that is not there counts as deleted, as S3 answers.
        objects.delete(k);
        if (!quiet) results.push(`<Deleted><Key>${esc(k)}</Key></Deleted>`);
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
