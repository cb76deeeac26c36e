// API keys: an Enterprise member makes, lists and revokes them; the secret is shown once and
// stored only as its SHA-256; other plans are told the keys come with Enterprise.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { apiKeys } from '../../src/server/db/schema';
import { createKey, enterpriseMember, v1 } from '../helpers/api-keys';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { overwriteStoredTier, setTier } from '../helpers/members';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('API keys', () => {
  it('makes a key shown once, lists it without the secret, records its use and revokes it at once', async () => {
    app = await createTestApp();
    const member = await enterpriseMember(app);

    const res = await app.request('/api/keys', {
      method: 'POST',
      cookie: member.cookie,
      json: { name: '  Build server  ' },
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Build server',
      key: expect.stringMatching(/^csk_[A-Za-z0-9_-]{43}$/),
      prefix: created.key.slice(0, 12),
      createdAt: expect.any(String),
    });
    expect(Date.parse(created.createdAt)).not.toBeNaN();

    // Only the digest is stored; no column holds the key.
    const [row] = await app.deps.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row.hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(12));

    const listed = await app.request('/api/keys', { cookie: member.cookie });
    expect(listed.status).toBe(200);
    const listText = await listed.text();
    expect(listText).not.toContain(created.key.slice(12));
    expect(JSON.parse(listText)).toEqual({
      keys: [
        {
          id: created.id,
          name: 'Build server',
          prefix: created.key.slice(0, 12),
          createdAt: created.createdAt,
          lastUsedAt: null,
        },
      ],
    });

    expect((await v1(app, created.key, '/images')).status).toBe(200);
    const afterUse = (await (await app.request('/api/keys', { cookie: member.cookie })).json()).keys[0];
    expect(Date.parse(afterUse.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(created.createdAt));

    const revoked = await app.request(`/api/keys/${created.id}`, { method: 'DELETE', cookie: member.cookie });
    expect(revoked.status).toBe(204);
    const refused = await v1(app, created.key, '/images');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: { code: 'invalid_api_key', message: 'This API key is not valid. It may have been revoked.' },
    });
    expect((await (await app.request('/api/keys', { cookie: member.cookie })).json()).keys).toEqual([]);

    const again = await app.request(`/api/keys/${created.id}`, { method: 'DELETE', cookie: member.cookie });
    expect(again.status).toBe(404);
  });

  it('keeps each member to their own keys', async () => {
    app = await createTestApp();
    const owner = await enterpriseMember(app);
    const other = await enterpriseMember(app);
    const key = await createKey(app, owner);

    expect((await (await app.request('/api/keys', { cookie: other.cookie })).json()).keys).toEqual([]);
    const res = await app.request(`/api/keys/${key.id}`, { method: 'DELETE', cookie: other.cookie });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
    // Still works for its owner.
    expect((await v1(app, key.key, '/images')).status).toBe(200);
  });

  it('tells members of other plans that keys come with Enterprise', async () => {
    app = await createTestApp();
    for (const tier of ['free', 'basic', 'premium'] as const) {
      const member = await signUp(app);
      await setTier(app, member.user.id, tier);
      const res = await app.request('/api/keys', {
        method: 'POST',
        cookie: member.cookie,
        json: { name: 'x' },
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: {
          code: 'enterprise_required',
          message:
            'API keys and the REST API are part of the Enterprise plan. Upgrade to Enterprise to use them.',
        },
      });
    }
    const rows = await queryRows(app.deps.database.db, sql`select count(*)::int as n from api_keys`);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('revokes the keys of an owner whose Enterprise ran out without a plan change, telling why once', async () => {
    app = await createTestApp();
    const member = await enterpriseMember(app);
    const key = await createKey(app, member);
    // No billing event: the stored plan simply no longer includes the API (as a lapsed period).
    await overwriteStoredTier(app, member.user.id, 'premium');

    const res = await v1(app, key.key, '/images');
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toContain('Enterprise plan');
    // Revoked by that request: Enterprise again does not bring it back.
    await setTier(app, member.user.id, 'enterprise');
    const again = await v1(app, key.key, '/images');
    expect(again.status).toBe(401);
    expect((await again.json()).error.code).toBe('invalid_api_key');
    expect((await (await app.request('/api/keys', { cookie: member.cookie })).json()).keys).toEqual([]);
  });

  it('checks the name, caps the number of keys and needs a session from our own origin', async () => {
    app = await createTestApp();
    const member = await enterpriseMember(app);

    for (const [body, message] of [
      [{}, 'Give the key a name, e.g. the app or script that will use it'],
      [{ name: '   ' }, 'Give the key a name, e.g. the app or script that will use it'],
      [{ name: 'x'.repeat(61) }, 'Keep the name to 60 characters or fewer'],
    ] as const) {
      const res = await app.request('/api/keys', { method: 'POST', cookie: member.cookie, json: body });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'invalid_request', message } });
    }

    for (let i = 0; i < 10; i++) await createKey(app, member, `key ${i}`);
    const eleventh = await app.request('/api/keys', {
      method: 'POST',
      cookie: member.cookie,
      json: { name: 'one more' },
    });
    expect(eleventh.status).toBe(409);
    expect((await eleventh.json()).error.message).toBe(
      'You can have at most 10 API keys. Revoke one you no longer use first.',
    );

    expect((await app.request('/api/keys')).status).toBe(401);
    const crossSite = await app.request('/api/keys', {
      method: 'POST',
      cookie: member.cookie,
      headers: { origin: 'https://evil.example' },
      json: { name: 'sneaky' },
    });
    expect(crossSite.status).toBe(403);
  });

  it('removes the keys with the account', async () => {
    app = await createTestApp();
    const member = await enterpriseMember(app);
    const key = await createKey(app, member);
    const res = await app.request('/api/me', {
      method: 'DELETE',
      cookie: member.cookie,
      json: { confirmEmail: member.email },
    });
    expect(res.status).toBeLessThan(300);
    expect((await v1(app, key.key, '/images')).status).toBe(401);
  });
});
