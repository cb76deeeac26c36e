// A local fake of the OpenAI HTTP API (real node:http on 127.0.0.1, random port) for adapter tests.
// Replies are scripted per endpoint as a queue; an empty queue gives the endpoint's default reply.
// Unknown paths answer 404 and are listed in `unknown`, so a test can fail loudly on them.
//
// It plays the unhappy paths as OpenAI's API reference and error-code guide describe them: a
// retired model answers 404 `model_not_found` on every endpoint, and GET /v1/models/{id} carries
// its `shutdown_date`; reasoning models refuse Chat Completions' `max_tokens`
// (400 `unsupported_parameter`); the Responses API refuses `max_tokens` (400 `unknown_parameter`),
// a `max_output_tokens` under 16 (400 `integer_below_min_value`), `reasoning` on a model that
// does not reason and an effort below the model's floor (400 `unsupported_value`); 429 carries
// `retry-after` and the `x-ratelimit-*` headers, and an exhausted quota is a 429 of type
// `insufficient_quota` with its billing code (`quotaError`); 5xx bodies are
// `server_error`; a reply can be slow, and a request the client gave up on is counted in `aborted`.
// Structured output on the Responses API (`text.format` of type `json_schema`): a strict schema
// whose objects do not set `additionalProperties: false` or leave a property out of `required` is
// refused with 400 `invalid_json_schema`, as the API does; `{ json }` answers an object as the
// message's text and `{ refusal }` answers the model's refusal content part.

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export type FakeEndpoint = 'images' | 'chat' | 'responses' | 'moderations';

const PATHS: Record<FakeEndpoint, string> = {
  images: '/v1/images/generations',
  chat: '/v1/chat/completions',
  responses: '/v1/responses',
  moderations: '/v1/moderations',
};

/** Models that reason (they refuse `max_tokens`, take `reasoning`): GPT-5 and later, o-series. */
const REASONING_MODEL = /^(gpt-5|gpt-6|o\d)/;

/**
 * The `reasoning.effort` values each reasoning model accepts, as its model page lists them (first
 * match wins); anything else is a 400 `unsupported_value`. gpt-6.1-sol dropped `none` and
 * `minimal` (low is its floor); gpt-6 and gpt-5.1+ take `none` but not `minimal`; gpt-5 and its
 * mini and nano take `minimal` but not `none`; the o-series only low to high.
 */
const EFFORTS: Array<[RegExp, string[]]> = [
  [/^gpt-6\.1-sol/, ['low', 'medium', 'high', 'xhigh', 'max']],
  [/^gpt-6/, ['none', 'low', 'medium', 'high', 'xhigh', 'max']],
  [/^gpt-5\.\d/, ['none', 'low', 'medium', 'high', 'xhigh', 'max']],
  [/^gpt-5/, ['minimal', 'low', 'medium', 'high']],
  [/^o\d/, ['low', 'medium', 'high']],
];

/** OpenAI's wording: "Supported values are: 'low', 'medium', and 'high'." */
function listValues(values: string[]): string {
  const quoted = values.map((v) => `'${v}'`);
  return `${quoted.slice(0, -1).join(', ')}, and ${quoted.at(-1)}`;
}

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
  /** chat and responses: the assistant's text (null for an empty message). */
  | { answer: string | null }
  /** responses: ran out of max_output_tokens while reasoning (status incomplete, no text). */
  | { incomplete: 'max_output_tokens' }
  /** responses with structured output: this object, JSON-encoded, as the message's text. */
  | { json: unknown }
  /** responses: the model refuses (a `refusal` content part instead of text). */
  | { refusal: string }
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

/** What GET /v1/models/{id} knows of a model: retiring on a date, or gone (404 model_not_found). */
export type FakeModel = { shutdownDate: string } | 'gone';

export type FakeOpenAI = {
  /** Base URL including /v1, for the SDK's baseURL. */
  url: string;
  requests: RecordedRequest[];
  /** Requests whose client hung up before the reply (a timeout or a cancelled job). */
  aborted: RecordedRequest[];
  /** Sets a model's life cycle; unknown models are active, with no shutdown date. */
  setModel(id: string, state: FakeModel): void;
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

/** OpenAI's billing errors: each a 429 of type `insufficient_quota`, told apart by its code. */
export type QuotaCode =
  | 'credit_balance_exhausted'
  | 'organization_spend_limit_exceeded'
  | 'project_spend_limit_exceeded'
  | 'organization_usage_limit_exceeded';

/** A scripted exhausted quota, as OpenAI answers it (no rate-limit hints: waiting does not help). */
export function quotaError(code: QuotaCode): FakeError {
  return {
    status: 429,
    error: {
      type: 'insufficient_quota',
      code,
      message: 'You exceeded your current quota, please check your plan and billing details.',
    },
    headers: { 'retry-after': '', 'retry-after-ms': '', 'x-ratelimit-reset-requests': '' },
  };
}

function errorReply(status: number, error: FakeError['error'] = {}): object {
  const defaults: Record<number, { message: string; type: string; code: string | null }> = {
    400: { message: 'Invalid request', type: 'invalid_request_error', code: null },
    401: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
    404: {
      message: 'The model does not exist or you do not have access to it.',
      type: 'invalid_request_error',
      code: 'model_not_found',
    },
    429: {
      message: 'Rate limit reached for requests. Please try again in 1s.',
      type: 'requests',
      code: 'rate_limit_exceeded',
    },
    500: {
      message: 'The server had an error while processing your request. Sorry about that!',
      type: 'server_error',
      code: null,
    },
    503: {
      message: 'The engine is currently overloaded, please try again later',
      type: 'server_error',
      code: null,
    },
  };
  const base = defaults[status] ?? { message: `HTTP ${status}`, type: 'server_error', code: null };
  return { error: { ...base, param: null, ...error } };
}

/**
 * What Structured Outputs' strict mode refuses in a schema: an object without
 * `additionalProperties: false`, or a property missing from `required` (undefined when fine).
 */
function strictSchemaProblem(schema: unknown, at = ''): string | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const node = schema as {
    type?: unknown;
    properties?: Record<string, unknown>;
    required?: unknown;
    items?: unknown;
  };
  if (node.type === 'object') {
    if ((node as { additionalProperties?: unknown }).additionalProperties !== false)
      return `'additionalProperties' is required to be supplied and to be false${at}`;
    const required = Array.isArray(node.required) ? node.required : [];
    for (const key of Object.keys(node.properties ?? {})) {
      if (!required.includes(key))
        return `'required' is required to be supplied and to be an array including every key in properties. Missing '${key}'${at}`;
    }
    for (const [key, value] of Object.entries(node.properties ?? {})) {
      const problem = strictSchemaProblem(value, ` (at ${key})`);
      if (problem) return problem;
    }
  }
  if (node.type === 'array') return strictSchemaProblem(node.items, at);
  return undefined;
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const queues: Record<FakeEndpoint, FakeReply[]> = { images: [], chat: [], responses: [], moderations: [] };
  const requests: RecordedRequest[] = [];
  const aborted: RecordedRequest[] = [];
  const models = new Map<string, FakeModel>();
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

  /** What the real API refuses before it does any work, whatever the script says. */
  function refusal(endpoint: FakeEndpoint, body: Record<string, unknown>): FakeError | undefined {
    const model = String(body.model ?? '');
    if (models.get(model) === 'gone') {
      return {
        status: 404,
        error: { message: `The model \`${model}\` does not exist or you do not have access to it.` },
      };
    }
    const invalid = (code: string, param: string, message: string): FakeError => ({
      status: 400,
      error: { type: 'invalid_request_error', code, param, message },
    });
    if (endpoint === 'chat' && REASONING_MODEL.test(model) && 'max_tokens' in body) {
      return invalid(
        'unsupported_parameter',
        'max_tokens',
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      );
    }
    if (endpoint === 'responses') {
      if ('max_tokens' in body)
        return invalid('unknown_parameter', 'max_tokens', "Unknown parameter: 'max_tokens'.");
      const limit = body.max_output_tokens;
      if (typeof limit === 'number' && limit < 16) {
        return invalid(
          'integer_below_min_value',
          'max_output_tokens',
          `Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, but got ${limit} instead.`,
        );
      }
      if ('reasoning' in body && !REASONING_MODEL.test(model)) {
        return invalid(
          'unsupported_parameter',
          'reasoning.effort',
          "Unsupported parameter: 'reasoning.effort' is not supported with this model.",
        );
      }
      const format = (
        body.text as { format?: { type?: string; strict?: boolean; name?: string; schema?: unknown } }
      )?.format;
      if (format?.type === 'json_schema' && format.strict) {
        const problem = strictSchemaProblem(format.schema);
        if (problem) {
          return invalid(
            'invalid_json_schema',
            'text.format.schema',
            `Invalid schema for response_format '${format.name}': In context=(), ${problem}.`,
          );
        }
      }
      const effort = (body.reasoning as { effort?: string } | undefined)?.effort;
      const accepted = EFFORTS.find(([match]) => match.test(model))?.[1];
      if (effort !== undefined && accepted && !accepted.includes(effort)) {
        return invalid(
          'unsupported_value',
          'reasoning.effort',
          `Unsupported value: '${effort}' is not supported with the '${model}' model. Supported values are: ${listValues(accepted)}.`,
        );
      }
    }
    return undefined;
  }

  async function reply(endpoint: FakeEndpoint, req: RecordedRequest, res: http.ServerResponse) {
    const refused = refusal(endpoint, (req.body ?? {}) as Record<string, unknown>);
    const next: FakeReply = refused ?? queues[endpoint].shift() ?? defaultReply(endpoint);
    if (next.delayMs) await new Promise((r) => setTimeout(r, next.delayMs));

    if ('raw' in next) return send(res, next.status, next.raw);
    if ('status' in next) {
      const hints: Record<string, string> =
        next.status === 429
          ? {
              // What OpenAI sends with a 429; retry-after-ms keeps SDK retries fast in tests.
              'retry-after': '1',
              'retry-after-ms': '5',
              'x-ratelimit-limit-requests': '500',
              'x-ratelimit-remaining-requests': '0',
              'x-ratelimit-reset-requests': '1s',
            }
          : { 'retry-after-ms': '5' };
      // A scripted header of '' leaves that hint out.
      const headers = Object.entries({ ...hints, ...next.headers }).filter(([, v]) => v !== '');
      return send(res, next.status, errorReply(next.status, next.error), Object.fromEntries(headers));
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
    if (
      endpoint === 'responses' &&
      ('answer' in next || 'incomplete' in next || 'json' in next || 'refusal' in next)
    ) {
      const model = (req.body as { model?: string } | undefined)?.model ?? 'fake';
      const text = 'answer' in next ? next.answer : 'json' in next ? JSON.stringify(next.json) : null;
      const reasoning = { id: `rs_${randomUUID()}`, type: 'reasoning', summary: [] };
      const message = {
        id: `msg_${randomUUID()}`,
        type: 'message',
        status: 'completed',
        role: 'assistant',
        content:
          'refusal' in next
            ? [{ type: 'refusal', refusal: next.refusal }]
            : [{ type: 'output_text', text: text ?? '', annotations: [] }],
      };
      return send(res, 200, {
        id: `resp_${randomUUID()}`,
        object: 'response',
        created_at: Math.floor(Date.now() / 1000),
        status: 'incomplete' in next ? 'incomplete' : 'completed',
        incomplete_details: 'incomplete' in next ? { reason: next.incomplete } : null,
        error: null,
        model,
        output: 'incomplete' in next ? [reasoning] : text === null && !('refusal' in next) ? [] : [message],
        usage: { input_tokens: 100, output_tokens: 1, total_tokens: 101 },
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
    if (endpoint === 'chat' || endpoint === 'responses') return { answer: 'YES' };
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

      // The client hung up before the reply: a timeout or a cancelled job.
      res.on('close', () => {
        if (!res.writableEnded) aborted.push(recorded);
      });
      const modelPath = path.match(/^\/v1\/models\/(.+)$/);
      if (req.method === 'GET' && modelPath) {
        const id = decodeURIComponent(modelPath[1]);
        const state = models.get(id);
        if (state === 'gone') {
          return send(
            res,
            404,
            errorReply(404, {
              message: `The model \`${id}\` does not exist or you do not have access to it.`,
            }),
          );
        }
        return send(res, 200, {
          id,
          object: 'model',
          created: 1_700_000_000,
          owned_by: 'system',
          shutdown_date: state?.shutdownDate ?? null,
        });
      }
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
    aborted,
    setModel(id, state) {
      models.set(id, state);
    },
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
      aborted.length = 0;
      unknown.length = 0;
      models.clear();
      files.clear();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
