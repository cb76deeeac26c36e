// A small S3-compatible server (path-style) speaking the real protocol over HTTP: enough for
// PutObject, GetObject, ListObjectsV2 and DeleteObjects. Requests must carry a SigV4 header.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type StoredObject = { body: Buffer; contentType: string; etag: string };

export type FakeS3 = {
  url: string;
  bucket: string;
  objects: Map<string, StoredObject>;
  requests: Array<{ method: string; path: string }>;
  close(): Promise<void>;
};

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startFakeS3(bucket = 'clipsmith-test'): Promise<FakeS3> {
  const objects = new Map<string, StoredObject>();
  const requests: FakeS3['requests'] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ method: req.method ?? '', path: url.pathname + url.search });
    const send = (status: number, text: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/xml', ...headers });
      res.end(text);
    };
    if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256')) {
      return send(403, xml('<Error><Code>AccessDenied</Code><Message>Missing signature</Message></Error>'));
    }
    const [, b, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (b !== bucket)
      return send(404, xml('<Error><Code>NoSuchBucket</Code><Message>No such bucket</Message></Error>'));

    if (req.method === 'PUT' && key) {
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      objects.set(key, {
        body,
        contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
        etag,
      });
      return send(200, '', { ETag: etag });
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && key) {
      const o = objects.get(key);
      if (!o)
        return send(
          404,
          xml(
            `<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${esc(key)}</Key></Error>`,
          ),
        );
      res.writeHead(200, { 'content-type': o.contentType, 'content-length': o.body.length, etag: o.etag });
      return res.end(req.method === 'HEAD' ? undefined : o.body);
    }
    if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const contents = keys
        .map((k) => `<Contents><Key>${esc(k)}</Key><Size>${objects.get(k)!.body.length}</Size></Contents>`)
        .join('');
      return send(
        200,
        xml(
          `<ListBucketResult><Name>${bucket}</Name><Prefix>${esc(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
        ),
      );
    }
    if (req.method === 'POST' && url.searchParams.has('delete')) {
      const keys = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) =>
        m[1].replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
      );
      for (const k of keys) objects.delete(k);
      const deleted = keys.map((k) => `<Deleted><Key>${esc(k)}</Key></Deleted>`).join('');
      return send(200, xml(`<DeleteResult>${deleted}</DeleteResult>`));
    }
    send(400, xml('<Error><Code>NotImplemented</Code><Message>Not supported by the fake</Message></Error>'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
