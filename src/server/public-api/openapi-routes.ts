// GET /api/openapi.json: the REST API's description, open to anyone (it holds no member data).
import { Hono } from 'hono';
import { buildOpenApiDocument } from './openapi';

export { OPENAPI_PATH } from './openapi';

export function openApiRoutes(opts: { origin: string; version: string }) {
  // Built once: it depends only on the code and the public URL.
  const document = buildOpenApiDocument(opts);
  return new Hono().get('/', (c) => c.json(document, 200, { 'Cache-Control': 'public, max-age=300' }));
}
