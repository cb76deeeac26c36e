// The OpenAPI 3.1 document of /api/v1, generated from the zod schemas the routes validate and
// answer with (@asteasolutions/zod-to-openapi), never written by hand. Each operation carries a
// curl example (x-codeSamples), which the /docs/api page shows.
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { apiErrorBodySchema, generationRequestSchema } from '../../core/api';
import { DOWNLOAD_FORMATS, downloadQuerySchema } from '../../core/download';
import {
  apiGenerationCreatedSchema,
  apiGenerationSchema,
  apiImageSchema,
  apiImagesPageSchema,
  apiImagesQuerySchema,
} from '../../core/public-api';

export const OPENAPI_PATH = '/api/openapi.json';

// The app's shared schemas, named as components of the document (.meta() makes a named copy;
// the copy validates exactly as the original the routes use).
const errorSchema = apiErrorBodySchema.meta({ id: 'Error' });
const generationRequest = generationRequestSchema.meta({ id: 'GenerationRequest' });

type Method = 'get' | 'post';

/** One documented operation: what the test checks against the running routes. */
export type ApiOperation = {
  operationId: string;
  method: Method;
  /** OpenAPI style: /api/v1/images/{id}. */
  path: string;
  summary: string;
  description: string;
  /** The success status and what it carries: a zod schema for JSON, or a media type for files. */
  success: { status: 200 | 202; json: z.ZodType } | { status: 200; files: string[] };
  /** Other statuses this operation answers with (besides 401 and 429, which every one may). */
  errors: number[];
  /** What an error status means here, where it differs from ERROR_TEXT. */
  errorText?: Partial<Record<number, string>>;
  body?: { schema: z.ZodType; example: Record<string, unknown> };
  query?: z.ZodObject;
  pathId?: 'generation' | 'image';
};

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is not valid (the message says what to change).',
  401: 'The API key is missing, not valid, or revoked.',
  402: 'The monthly allowance or credits do not cover this generation (or all of its variations).',
  403: "The key owner's plan no longer includes the API (Enterprise).",
  404: "No such id among the key owner's own (another member's ids answer the same).",
  413: 'The request body is larger than 1 MB.',
  422: 'The prompt was declined by the content filter.',
  429: 'Too many requests with this key; wait for Retry-After seconds.',
};

const idParam = (what: string) => z.object({ id: z.string().describe(`The ${what}'s id (a UUID).`) });

/** A GET of one of the key owner's own generations or images by id: 403 without the API, 404 otherwise. */
const readById = (
  pathId: NonNullable<ApiOperation['pathId']>,
  op: Pick<ApiOperation, 'operationId' | 'path' | 'summary' | 'description' | 'success'>,
): ApiOperation => ({ ...op, method: 'get', errors: [403, 404], pathId });

export const API_OPERATIONS: ApiOperation[] = [
  {
    operationId: 'createGeneration',
    method: 'post',
    path: '/api/v1/generations',
    summary: 'Start a generation',
    description:
      'Queues one picture, or up to 4 variations of one prompt with `count` (Premium and Enterprise; each its own generation, counted and paid for like one picture, all or none), with the same rules and costs as the generator in the app. Poll each generation until its status is succeeded or failed (a failed one is refunded).',
    success: { status: 202, json: apiGenerationCreatedSchema },
    errors: [400, 402, 403, 404, 413, 422],
    errorText: { 404: "No saved style with that `styleId` among the key owner's own." },
    body: {
      schema: generationRequest,
      example: {
        prompt: 'a lighthouse on a rocky island at sunset',
        theme: 'default',
        privacy: 'private',
        count: 2,
      },
    },
  },
  readById('generation', {
    operationId: 'getGeneration',
    path: '/api/v1/generations/{id}',
    summary: 'Read a generation',
    description: 'Where a generation stands; once succeeded it carries the image.',
    success: { status: 200, json: apiGenerationSchema },
  }),
  {
    operationId: 'listImages',
    method: 'get',
    path: '/api/v1/images',
    summary: 'List your images',
    description: "The key owner's images, newest first, by numbered page.",
    success: { status: 200, json: apiImagesPageSchema },
    errors: [400, 403],
    query: apiImagesQuerySchema,
  },
  readById('image', {
    operationId: 'getImage',
    path: '/api/v1/images/{id}',
    summary: 'Read an image',
    description: 'One of your images, with the URLs of its file and downloads.',
    success: { status: 200, json: apiImageSchema },
  }),
  readById('image', {
    operationId: 'getImageFile',
    path: '/api/v1/images/{id}/original.png',
    summary: 'Fetch the original PNG',
    description: 'The picture as generated: a 1024 × 1024 PNG.',
    success: { status: 200, files: ['image/png'] },
  }),
  {
    operationId: 'downloadImage',
    method: 'get',
    path: '/api/v1/images/{id}/download',
    summary: 'Download in any format, size or variant',
    description:
      'PNG, WebP, JPEG or SVG, 128 to 2048 px, as is, with a transparent background, or as a die-cut sticker.',
    success: { status: 200, files: DOWNLOAD_FORMATS.map((f) => f.contentType) },
    errors: [400, 403, 404, 422],
    errorText: { 422: 'The picture cannot be made in that variant (no background to remove).' },
    pathId: 'image',
    query: downloadQuerySchema,
  },
];

const rateLimitHeaders = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed per minute with this key.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': { description: 'Requests left in this minute.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Seconds until the count starts again.', schema: { type: 'integer' } },
} as const;

/** A curl command for the operation, with the server's own address. */
export function curlExample(op: ApiOperation, origin: string): string {
  const url = `${origin}${op.path.replace('{id}', op.pathId === 'generation' ? '$GENERATION_ID' : '$IMAGE_ID')}`;
  const lines = [`curl${op.method === 'get' ? '' : ` -X ${op.method.toUpperCase()}`} "${url}"`];
  lines.push('  -H "Authorization: Bearer $CLIPSMITH_API_KEY"');
  if (op.body) {
    lines.push('  -H "Content-Type: application/json"');
    lines.push(`  -d '${JSON.stringify(op.body.example)}'`);
  }
  if ('files' in op.success) {
    const ext = op.operationId === 'downloadImage' ? 'webp' : 'png';
    if (op.operationId === 'downloadImage') lines[0] = lines[0].replace(/"$/, '?format=webp&size=512"');
    lines.push(`  -o clipart.${ext}`);
  }
  return lines.join(' \\\n');
}

function routeConfig(op: ApiOperation, errorRef: z.ZodType, origin: string): RouteConfig {
  const responses: RouteConfig['responses'] = {};
  if ('json' in op.success) {
    responses[op.success.status] = {
      description: op.success.status === 202 ? 'Queued.' : 'OK.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: op.success.json } },
    };
  } else {
    const files = op.success.files;
    responses[op.success.status] = {
      description: 'The file.',
      headers: rateLimitHeaders,
      content: Object.fromEntries(
        files.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
      ),
    };
  }
  for (const status of [...op.errors, 401, 429].sort()) {
    responses[status] = {
      description: op.errorText?.[status] ?? ERROR_TEXT[status] ?? 'Error.',
      ...(status === 429
        ? {
            headers: {
              ...rateLimitHeaders,
              'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } },
            },
          }
        : {}),
      content: { 'application/json': { schema: errorRef } },
    };
  }
  return {
    method: op.method,
    path: op.path,
    operationId: op.operationId,
    summary: op.summary,
    description: op.description,
    security: [{ apiKey: [] }],
    request: {
      ...(op.pathId ? { params: idParam(op.pathId) } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(op.body
        ? {
            body: {
              required: true,
              content: { 'application/json': { schema: op.body.schema, example: op.body.example } },
            },
          }
        : {}),
    },
    responses,
    'x-codeSamples': [{ lang: 'curl', label: 'curl', source: curlExample(op, origin) }],
  } as RouteConfig;
}

export function buildOpenApiDocument(opts: { origin: string; version: string }) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key from Settings → API keys (Enterprise plan), sent as "Authorization: Bearer <key>".',
  });
  for (const op of API_OPERATIONS) registry.registerPath(routeConfig(op, errorSchema, opts.origin));

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Clipsmith API',
      version: opts.version,
      description: [
        'Make clipart from your own programs. The API is part of the Enterprise plan: create a key in Settings → API keys and send it as `Authorization: Bearer <key>` on every request.',
        'An account may make a limited number of requests per minute, all its keys together; every answer says where the account stands in `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`, and a request over the limit gets 429 with `Retry-After`.',
        'Errors are JSON: `{"error": {"code": "…", "message": "…"}}`, the message readable by a person.',
      ].join('\n\n'),
    },
    servers: [{ url: opts.origin }],
  });
}
