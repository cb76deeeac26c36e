// Shared steps of the API key and REST API tests.
import type { TestApp } from './app';
import { type Member, member } from './members';
import { waitFor } from './wait';

/** A member on the Enterprise plan (as the test checkout or an operator would leave them). */
export const enterpriseMember = (app: TestApp): Promise<Member> => member(app, { tier: 'enterprise' });

export type CreatedKey = { id: string; name: string; key: string; prefix: string; createdAt: string };

export async function createKey(app: TestApp, member: Member, name = 'CI pipeline'): Promise<CreatedKey> {
  const res = await app.request('/api/keys', { method: 'POST', cookie: member.cookie, json: { name } });
  if (res.status !== 201) throw new Error(`creating a key failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as CreatedKey;
}

/** A request to the REST API with `Authorization: Bearer <key>` and no cookie. */
export function v1(
  app: TestApp,
  key: string | undefined,
  path: string,
  init: RequestInit & { json?: unknown } = {},
) {
  const headers = new Headers(init.headers);
  if (key !== undefined) headers.set('authorization', `Bearer ${key}`);
  return app.request(`/api/v1${path}`, { ...init, headers });
}

/** Starts a generation through the API and waits until it has settled; answers the last status. */
export async function generateWithKey(app: TestApp, key: string, prompt = 'a red ball') {
  const res = await v1(app, key, '/generations', { method: 'POST', json: { prompt, privacy: 'private' } });
  if (res.status !== 202) throw new Error(`generation refused: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return waitFor(`generation ${id}`, async () => {
    const status = await (await v1(app, key, `/generations/${id}`)).json();
    return status.status === 'succeeded' || status.status === 'failed' ? status : undefined;
  });
}
