// A fuzz pass over every JSON endpoint of the app: random JSON of every type, huge numbers, deep
// nesting, invalid JSON and wrong content types, signed in and not. No request may answer 500.
// Fixed seed and bounded runs, so it is repeatable and stays within about a minute.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../helpers/app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t, 'fuzz@example.com'));
});
afterAll(() => t?.close());

const ID = '11111111-1111-4111-8111-111111111111';
/** Every route of the app that takes a body, as Hono lists them, with path parameters filled in. */
function bodyRoutes() {
  const seen = new Set<string>();
  return t.app.routes
    .filter((r) => ['POST', 'PATCH', 'PUT', 'DELETE'].includes(r.method) && r.path.startsWith('/api/'))
    .filter((r) => !r.path.startsWith('/api/billing/webhook'))
    .map((r) => ({ method: r.method, path: r.path.replace(/:[^/]+/g, ID).replace(/\/\*$/, '/sign-out') }))
    .filter((r) => {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => ({ type: 'application/json', text: JSON.stringify(v) })),
  fc
    .dictionary(
      fc.constantFrom(
        'prompt',
        'email',
        'password',
        'name',
        'fullName',
        'username',
        'id',
        'kind',
        'privacy',
        'message',
        'token',
        'newPassword',
        'currentPassword',
        'confirmEmail',
        'returnTo',
        'theme',
        'quality',
      ),
      fc.oneof(
        fc.string(),
        fc.double(),
        fc.constant(1e308),
        fc.constant(-0),
        fc.bigInt().map(String),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.string()),
        fc.object(),
      ),
    )
    .map((v) => ({ type: 'application/json', text: JSON.stringify(v) })),
  fc.string().map((text) => ({ type: 'application/json', text })),
  fc.integer({ min: 100, max: 5000 }).map((n) => ({ type: 'application/json', text: deep(n) })),
  fc
    .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/xml')
    .map((type) => ({ type, text: 'a=1&b=2' })),
  fc.constant({ type: 'application/json', text: `{"prompt":"${'9'.repeat(400)}","limit":1e999}` }),
);

describe('every JSON endpoint under random input', () => {
  it('never answers 500', { timeout: 120_000 }, async () => {
    const routes = bodyRoutes();
    expect(routes.length).toBeGreaterThan(10);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, fc.boolean(), async (route, input, signedIn) => {
        const res = await t.request(route.path, {
          method: route.method,
          headers: { 'content-type': input.type },
          body: input.text,
          cookie: signedIn ? cookie : undefined,
        });
        const text = await res.text();
        expect(
          res.status,
          `${route.method} ${route.path} ${input.type} ${input.text.slice(0, 200)} → ${text}`,
        ).toBeLessThan(500);
      }),
      { seed: 20, numRuns: 400 },
    );
  });
});
