// GET /api/openapi.json describes /api/v1 as it runs: every documented operation exists and
// answers with a documented status and shape, and every /api/v1 route is documented.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_OPERATIONS } from '../../src/server/public-api/openapi';
import { createKey, enterpriseMember, generateWithKey, v1 } from '../helpers/api-keys';
import { createTestApp, ORIGIN, type TestApp } from '../helpers/app';
import { scriptedProvider } from '../helpers/fake-provider';

type JsonSchema = { $ref?: string; properties?: Record<string, unknown>; required?: string[] };
type Operation = {
  operationId: string;
  parameters?: Array<{
    name: string;
    in: string;
    schema?: { type?: string; enum?: Array<string | number>; minimum?: number; maximum?: number };
  }>;
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  'x-codeSamples'?: Array<{ lang: string; source: string }>;
};
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
};

let app: TestApp;
let doc: Doc;
let key: string;
let ids: { generation: string; image: string };

beforeAll(async () => {
  app = await createTestApp({ overrides: { imageProvider: scriptedProvider() } });
  const member = await enterpriseMember(app);
  key = (await createKey(app, member)).key;
  const done = await generateWithKey(app, key);
  ids = { generation: done.id, image: done.image.id };
  const res = await app.request('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  doc = await res.json();
});
afterAll(() => app?.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );

function resolve(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  return doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')];
}

function urlFor(path: string, op: Operation) {
  const pathId = API_OPERATIONS.find((o) => o.operationId === op.operationId)?.pathId;
  return path.replace('/api/v1', '').replace('{id}', pathId === 'generation' ? ids.generation : ids.image);
}

function send(k: string | undefined, method: string, url: string, op: Operation) {
  const example = op.requestBody?.content['application/json']?.example;
  return v1(app, k, url, { method, ...(example ? { json: example } : {}) });
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with bearer security, one operation per /api/v1 route, each with a curl example', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    // The routes the server really has (Hono's own table), as OpenAPI paths.
    const served = app.app.routes
      .filter((r) => r.path.startsWith('/api/v1/') && ['GET', 'POST'].includes(r.method))
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = operations().map(({ method, path }) => `${method} ${path}`);
    expect(new Set(documented)).toEqual(new Set(served));
    expect(documented).toHaveLength(6);
    for (const { path, op } of operations()) {
      const curl = op['x-codeSamples']?.find((s) => s.lang === 'curl')?.source ?? '';
      expect(curl).toContain(`${ORIGIN}${path.replace(/\{id\}/, '$')}`.split('$')[0]);
      expect(curl).toContain('Authorization: Bearer $CLIPSMITH_API_KEY');
    }
  });

  it('matches every operation: documented success status, content and fields', async () => {
    for (const { path, method, op } of operations()) {
      const res = await send(key, method, urlFor(path, op), op);
      const documented = Object.keys(op.responses).filter((s) => s.startsWith('2'));
      expect(documented, op.operationId).toEqual([String(res.status)]);
      const content = op.responses[String(res.status)].content ?? {};
      const type = (res.headers.get('content-type') ?? '').split(';')[0];
      if (content['application/json']) {
        expect(type, op.operationId).toBe('application/json');
        const body = await res.json();
        // Against the zod schema the document was generated from…
        const source = API_OPERATIONS.find((o) => o.operationId === op.operationId)!;
        if ('json' in source.success)
          expect(source.success.json.safeParse(body).success, op.operationId).toBe(true);
        // …and against the document itself: every required field there, no field it does not name.
        const schema = resolve(content['application/json'].schema)!;
        for (const field of schema.required ?? [])
          expect(body, `${op.operationId}.${field}`).toHaveProperty(field);
        for (const field of Object.keys(body))
          expect(Object.keys(schema.properties ?? {}), op.operationId).toContain(field);
      } else {
        const media = Object.keys(content);
        expect(
          media.includes(type) || media.includes('application/octet-stream'),
          `${op.operationId}: ${type}`,
        ).toBe(true);
        expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
      }
      for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
        expect(res.headers.get(header), `${op.operationId} ${header}`).toMatch(/^\d+$/);
      }
    }
  });

  it('matches every operation: the documented errors, in the JSON error shape', async () => {
    const errorShape = resolve({ $ref: '#/components/schemas/Error' })!;
    expect(errorShape.required).toEqual(['error']);
    for (const { path, method, op } of operations()) {
      const checks: Array<[number, Promise<Response>]> = [
        [401, send(undefined, method, urlFor(path, op), op)],
      ];
      if (op.parameters?.some((p) => p.in === 'path')) {
        const missing = urlFor(path, op).replace(/[0-9a-f-]{36}/, '00000000-0000-4000-8000-000000000000');
        checks.push([404, send(key, method, missing, op)]);
      }
      if (op.parameters?.some((p) => p.in === 'query')) {
        const bad = op.operationId === 'downloadImage' ? '?format=bmp' : '?pageSize=0';
        checks.push([400, send(key, method, `${urlFor(path, op)}${bad}`, op)]);
      }
      if (op.requestBody) checks.push([400, v1(app, key, urlFor(path, op), { method, json: {} })]);
      for (const [status, pending] of checks) {
        const res = await pending;
        expect(res.status, `${op.operationId} → ${status}`).toBe(status);
        expect(Object.keys(op.responses), op.operationId).toContain(String(status));
        const body = await res.json();
        expect(body).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
      }
    }
  });

  it('says which values each query parameter takes: every listed value is answered, an unlisted one is refused', async () => {
    const checked: string[] = [];
    for (const { path, method, op } of operations()) {
      for (const param of op.parameters?.filter((p) => p.in === 'query') ?? []) {
        const what = `${op.operationId}?${param.name}`;
        const schema = param.schema ?? {};
        // Every query parameter of /api/v1 is restricted, so the document must say to what.
        const listed = schema.enum ?? [schema.minimum, schema.maximum].filter((v) => v !== undefined);
        expect(listed.length, `${what} lists no allowed values`).toBeGreaterThan(0);
        const refused = schema.enum
          ? [typeof schema.enum[0] === 'number' ? Number(schema.enum[0]) + 1 : 'not-a-listed-value']
          : [
              ...(schema.minimum !== undefined ? [schema.minimum - 1] : []),
              ...(schema.maximum !== undefined ? [schema.maximum + 1] : []),
            ];
        for (const value of listed) {
          const res = await send(key, method, `${urlFor(path, op)}?${param.name}=${value}`, op);
          expect(res.status, `${what}=${value}`).toBe(200);
          await res.arrayBuffer();
        }
        for (const value of refused) {
          const res = await send(key, method, `${urlFor(path, op)}?${param.name}=${value}`, op);
          expect(res.status, `${what}=${value}`).toBe(400);
          await res.arrayBuffer();
        }
        checked.push(param.name);
      }
    }
    expect(checked.sort()).toEqual(['format', 'page', 'pageSize', 'size', 'variant']);
  });
});
