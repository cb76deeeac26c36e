// A local fake of the OpenAI HTTP API (real node:http on 127.0.0.1, random port) for adapter tests.
// Replies are scripted per endpoint as a queue; an empty queue gives the endpoint's default reply.
// Unknown paths answer 404 and are listed in `unknown`, so a test can fail loudly on them.

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export type FakeEndpoint = 'images' | 'chat' | 'moderations';

const PATHS: Record<FakeEndpoint, string> = {
  images: '/v1/images/generations',
  chat: '/v1/chat/completions',
  moderations: '/v1/moderations',
};

export type FakeError = {
  status: number;
  error?: { message?: string; type?: string; code?: string | null; param?: string | null };
  headers?: Record<string, string>;
};

export type FakeReply = { delayMs?: number } & (
  | /** images: a real picture, inline (b64_json) or as a URL served by this fake. */
  { image: 'b64' | 'url'; width?: number; height?: number; format?: 'png' | 'jpeg' | 'webp'; alpha?: boolean }
  /** images: `{data: []}` or `{data: [{}]}`. */
  | { emptyData: 'none' | 'empty-item' }
  /** chat: the assistant's text (null for an empty message). */
  | { answer: string | null }
  /** moderations */
  | { flagged: boolean }
  /** any endpoint: an OpenAI-shaped error body. */
  | FakeError
  /** any endpoint: anything at all. */
  | { status: number; raw: string | object }
);

export type RecordedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON, or the raw text when it was not JSON. */
  body: unknown;
};

export type FakeOpenAI = {
  /** Base URL including /v1, for the SDK's baseURL. */
  url: string;
  requests: RecordedRequest[];
  /** Requests to paths the fake does not know. */
  unknown: RecordedRequest[];
  /** Queue replies for an endpoint, used in order, one per request. */
  script(endpoint: FakeEndpoint, ...replies: FakeReply[]): void;
  /** Requests to one endpoint. */
  calls(endpoint: FakeEndpoint): RecordedRequest[];
  /** Clears queues and recordings. */
  reset(): void;
  close(): Promise<void>;
};

/** A real picture: a coloured disc on a transparent (alpha) or white background. */
export async function makeImage(
  opts: { width?: number; height?: number; format?: 'png' | 'jpeg' | 'webp'; alpha?: boolean } = {},
): Promise<Buffer> {
  const { width = 1024, height = 1024, format = 'png', alpha = true } = opts;
  const r = Math.round(Math.min(width, height) * 0.35);
  const bg = alpha ? '' : `<rect width="100%" height="100%" fill="#ffffff"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${bg}<circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="#e8742c"/></svg>`;
  const image = sharp(Buffer.from(svg));
  if (format === 'jpeg') return image.flatten({ background: '#ffffff' }).jpeg().toBuffer();
  if (format === 'webp') return image.webp().toBuffer();
  return (alpha ? image : image.removeAlpha()).png().toBuffer();
}

function errorReply(status: number, error: FakeError['error'] = {}): object {
  const defaults: Record<number, { message: string; type: string; code: string | null }> = {
    400: { message: 'Invalid request', type: 'invalid_request_error', code: null },
    401: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
    404: { message: 'The model does not exist', type: 'invalid_request_error', code: 'model_not_found' },
    429: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
    500: {
      message: 'The server had an error while processing your request',
      type: 'server_error',
      code: null,
    },
  };
  const base = defaults[status] ?? { message: `HTTP ${status}`, type: 'server_error', code: null };
  return { error: { ...base, param: null, ...error } };
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const queues: Record<FakeEndpoint, FakeReply[]> = { images: [], chat: [], moderations: [] };
  const requests: RecordedRequest[] = [];
  const unknown: RecordedRequest[] = [];
  const files = new Map<string, Buffer>();
  const sockets = new Set<import('node:net').Socket>();
  let baseOrigin = '';

  function send(
    res: http.ServerResponse,
    status: number,
    body: string | object,
    headers: Record<string, string> = {},
  ) {
    // The client may have given up (timeout test): writing then would only raise EPIPE noise.
    if (res.destroyed || res.writableEnded) return;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(text);
  }

  // A real provider renders on its own machines: the fake renders each kind of picture once, so
  // load tests measure our CPU, not the fake's.
  const rendered = new Map<string, Promise<Buffer>>();
  const cachedImage = (opts: Parameters<typeof makeImage>[0] & {}) => {
    const key = JSON.stringify([opts.width, opts.height, opts.format, opts.alpha]);
    let image = rendered.get(key);
    if (!image) {
      image = makeImage(opts);
      rendered.set(key, image);
    }
    return image;
  };

  async function reply(endpoint: FakeEndpoint, req: RecordedRequest, res: http.ServerResponse) {
    const next = queues[endpoint].shift() ?? defaultReply(endpoint);
    if (next.delayMs) await new Promise((r) => setTimeout(r, next.delayMs));

    if ('raw' in next) return send(res, next.status, next.raw);
    if ('status' in next) {
      // Retry hints keep SDK retries fast in tests; a test may override them.
      return send(res, next.status, errorReply(next.status, next.error), {
        'retry-after-ms': '5',
        ...next.headers,
      });
    }
    if ('image' in next) {
      const bytes = await cachedImage(next);
      if (next.image === 'b64') {
        return send(res, 200, {
          created: Math.floor(Date.now() / 1000),
          data: [{ b64_json: bytes.toString('base64') }],
        });
      }
      const id = randomUUID();
      files.set(id, bytes);
      return send(res, 200, {
        created: Math.floor(Date.now() / 1000),
        data: [{ url: `${baseOrigin}/files/${id}.png` }],
      });
    }
    if ('emptyData' in next) {
      return send(res, 200, {
        created: Math.floor(Date.now() / 1000),
        data: next.emptyData === 'none' ? [] : [{}],
      });
    }
    if ('answer' in next) {
      const model = (req.body as { model?: string } | undefined)?.model ?? 'fake';
      return send(res, 200, {
        id: `chatcmpl-${randomUUID()}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: next.answer, refusal: null },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 100, completion_tokens: 1, total_tokens: 101 },
      });
    }
    if ('flagged' in next) {
      const model = (req.body as { model?: string } | undefined)?.model ?? 'omni-moderation-latest';
      return send(res, 200, {
        id: `modr-${randomUUID()}`,
        model,
        results: [
          {
            flagged: next.flagged,
            categories: { sexual: next.flagged, violence: false, hate: false },
            category_scores: { sexual: next.flagged ? 0.98 : 0.01, violence: 0.01, hate: 0.01 },
            category_applied_input_types: { sexual: ['text'], violence: ['text'], hate: ['text'] },
          },
        ],
      });
    }
    return send(res, 500, errorReply(500, { message: 'fake-openai: unusable scripted reply' }));
  }

  function defaultReply(endpoint: FakeEndpoint): FakeReply {
    if (endpoint === 'images') return { image: 'b64' };
    if (endpoint === 'chat') return { answer: 'YES' };
    return { flagged: false };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON: keep the text.
      }
      const path = (req.url ?? '/').split('?')[0];
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path, headers: req.headers, body };
      requests.push(recorded);

      const file = path.match(/^\/files\/([\w-]+)\.png$/);
      if (req.method === 'GET' && file) {
        const bytes = files.get(file[1]);
        if (!bytes) return send(res, 404, errorReply(404, { message: 'no such file', code: null }));
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(bytes.length) });
        return res.end(bytes);
      }
      const endpoint = (Object.keys(PATHS) as FakeEndpoint[]).find((e) => PATHS[e] === path);
      if (req.method === 'POST' && endpoint) {
        reply(endpoint, recorded, res).catch((err: unknown) => {
          send(res, 500, errorReply(500, { message: `fake-openai: ${String(err)}` }));
        });
        return;
      }
      unknown.push(recorded);
      send(
        res,
        404,
        errorReply(404, { message: `fake-openai: unknown path ${req.method} ${path}`, code: null }),
      );
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseOrigin = `http://127.0.0.1:${port}`;

  return {
    url: `${baseOrigin}/v1`,
    requests,
    unknown,
    script(endpoint, ...replies) {
      queues[endpoint].push(...replies);
    },
    calls(endpoint) {
      return requests.filter((r) => r.path === PATHS[endpoint]);
    },
    reset() {
      for (const q of Object.values(queues)) q.length = 0;
      requests.length = 0;
      unknown.length = 0;
      files.clear();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
