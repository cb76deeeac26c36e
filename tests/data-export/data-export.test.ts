// "Download my data": the zip holds every picture (original PNG, SVG where one exists, no
// thumbnails) and a JSON that matches the member's history and credit ledger; it is streamed,
// needs a session and is rate limited.
import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { addCredits } from '../../src/server/credits/service';
import type { DataExport } from '../../src/server/data-export/service';
import { imageKeys } from '../../src/server/storage/storage';
import { createKey, enterpriseMember, v1 } from '../helpers/api-keys';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { generateImage } from '../helpers/members';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const exportData = (app: TestApp, cookie: string, headers?: Record<string, string>) =>
  app.request('/api/data-export', { method: 'POST', cookie, headers });

describe('POST /api/data-export', () => {
  it('needs a session', async () => {
    t = await createTestApp({ overrides: { background: false } });
    expect((await t.request('/api/data-export', { method: 'POST' })).status).toBe(401);
  });

  it('zips every picture with its SVG and a JSON matching the history and the ledger', async () => {
    t = await createTestApp({ overrides: { background: false } });
    const member = await signUp(t, 'exporter@example.com');
    const other = await signUp(t);
    await addCredits(t.deps.database.db, {
      userId: member.user.id,
      amount: 3,
      type: 'grant',
      description: 'Welcome gift',
    });
    const made = [
      (await generateImage(t, member, { prompt: 'a smiling cactus' })).image,
      (await generateImage(t, member, { prompt: 'a secret treasure map', privacy: 'private' })).image,
    ];
    const theirs = (await generateImage(t, other, { prompt: 'a cat that is not mine' })).image;

    const res = await exportData(t, member.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="clipsmith-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));

    const data = JSON.parse(Buffer.from(files['clipsmith-data.json']).toString('utf8')) as DataExport;
    expect(data.account).toMatchObject({ id: member.user.id, email: 'exporter@example.com' });
    expect(data.plan).toMatchObject({ tier: 'free', imagesThisMonth: 2 });
    expect(data.apiKeys).toEqual([]);

    const history = (await (await t.request('/api/history', { cookie: member.cookie })).json()) as {
      items: Array<{ id: string; prompt: string; privacy: string; createdAt: string; hasVector: boolean }>;
    };
    expect(
      data.history.map((h) => ({ id: h.id, prompt: h.prompt, privacy: h.privacy, createdAt: h.createdAt })),
    ).toEqual(
      history.items.map((h) => ({ id: h.id, prompt: h.prompt, privacy: h.privacy, createdAt: h.createdAt })),
    );
    expect(data.history.map((h) => h.id).sort()).toEqual(made.map((m) => m.id).sort());

    const ledger = (await (await t.request('/api/me/transactions', { cookie: member.cookie })).json()) as {
      items: Array<{ type: string; amount: number; description: string; createdAt: string }>;
    };
    const strip = (rows: Array<{ type: string; amount: number; description: string; createdAt: string }>) =>
      rows.map(({ type, amount, description, createdAt }) => ({ type, amount, description, createdAt }));
    expect(strip(data.credits.ledger).reverse()).toEqual(strip(ledger.items));
    expect(data.credits.balance).toBe(2);

    // Each picture's original and SVG (the offline composer draws vectors), byte for byte; no thumbnails.
    for (const entry of data.history) {
      const original = await t.deps.storage.get(imageKeys.original(entry.id));
      expect(Buffer.from(files[entry.files.png]).equals(original!.bytes)).toBe(true);
      const vector = await t.deps.storage.get(imageKeys.vector(entry.id));
      expect(entry.files.svg).not.toBeNull();
      expect(Buffer.from(files[entry.files.svg!]).equals(vector!.bytes)).toBe(true);
    }
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      [
        'clipsmith-data.json',
        ...data.history.flatMap((h) => [h.files.png, ...(h.files.svg ? [h.files.svg] : [])]),
      ].sort(),
    );
    // Named by day, the prompt's first words and the start of the id: a folder reads like History.
    for (const m of made) {
      const stem = `pictures/${m.createdAt.slice(0, 10)}-${m.prompt.includes('cactus') ? 'smiling-cactus' : 'secret-treasure-map'}-${m.id.replaceAll('-', '').slice(0, 8)}`;
      expect(names).toEqual(expect.arrayContaining([`${stem}.png`, `${stem}.svg`]));
    }
    const theirsId = theirs.id.replaceAll('-', '').slice(0, 8);
    expect(names.some((n) => n.includes(theirsId) || n.includes('cat-that') || n.includes('thumb'))).toBe(
      false,
    );
  });

  it('lists the API keys with name, prefix and times, revoked ones marked, and never a secret or hash', async () => {
    t = await createTestApp({ overrides: { background: false } });
    const member = await enterpriseMember(t);
    const other = await enterpriseMember(t);
    const used = await createKey(t, member, 'Build server');
    const revoked = await createKey(t, member, 'Old laptop');
    const theirs = await createKey(t, other, 'Not mine');
    expect((await v1(t, used.key, '/images')).status).toBe(200);
    expect(
      (await t.request(`/api/keys/${revoked.id}`, { method: 'DELETE', cookie: member.cookie })).status,
    ).toBe(204);
    const listed = (await (await t.request('/api/keys', { cookie: member.cookie })).json()).keys;

    const res = await exportData(t, member.cookie);
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const json = Buffer.from(files['clipsmith-data.json']).toString('utf8');
    const data = JSON.parse(json) as DataExport;
    expect(data.apiKeys).toEqual([
      {
        name: 'Build server',
        prefix: used.prefix,
        createdAt: used.createdAt,
        lastUsedAt: listed[0].lastUsedAt,
        revokedAt: null,
      },
      {
        name: 'Old laptop',
        prefix: revoked.prefix,
        createdAt: revoked.createdAt,
        lastUsedAt: null,
        revokedAt: expect.any(String),
      },
    ]);
    expect(Date.parse(data.apiKeys[0].lastUsedAt!)).not.toBeNaN();
    expect(Date.parse(data.apiKeys[1].revokedAt!)).toBeGreaterThanOrEqual(Date.parse(revoked.createdAt));

    // Nothing in the whole archive gives a key away: not the secret part, not its stored hash.
    const archive = Object.values(files).map((bytes) => Buffer.from(bytes).toString('latin1'));
    for (const key of [used, revoked, theirs]) {
      const secret = key.key.slice(key.prefix.length);
      const hash = createHash('sha256').update(key.key).digest('hex');
      for (const text of archive) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain(hash);
      }
    }
    expect(json).not.toContain('Not mine');
    expect(json).not.toMatch(/"(hash|key|secret)"/);
  });

  it('streams: the first bytes leave before every picture has been read from storage', async () => {
    const reads: string[] = [];
    t = await createTestApp({ overrides: { background: false } });
    const storage = t.deps.storage;
    const member = await signUp(t);
    for (const prompt of ['a kite', 'a boat', 'a tree']) await generateImage(t, member, { prompt });
    const get = storage.get.bind(storage);
    storage.get = async (key) => {
      reads.push(key);
      return get(key);
    };

    const res = await exportData(t, member.cookie);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(reads.filter((k) => k.endsWith('original.png')).length).toBeLessThan(3);
    let rest = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += chunk.value.length;
    expect(rest).toBeGreaterThan(0);
    expect(reads.filter((k) => k.endsWith('original.png')).length).toBe(3);
  });

  it('is rate limited per member', async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'true' }, overrides: { background: false } });
    const member = await signUp(t);
    for (let i = 0; i < 5; i++) {
      const res = await exportData(t, member.cookie);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const refused = await exportData(t, member.cookie);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('cannot be asked for by another site: a GET is refused and a cross-site POST spends nothing', async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'true' }, overrides: { background: false } });
    const member = await signUp(t);
    // A link or pop-up on another site sends the member's cookie with a GET.
    for (let i = 0; i < 6; i++) {
      const get = await t.request('/api/data-export', { cookie: member.cookie });
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
      expect(get.headers.get('content-type')).not.toBe('application/zip');
    }
    // A form posted from another site carries its own origin.
    for (let i = 0; i < 6; i++) {
      const posted = await exportData(t, member.cookie, { origin: 'https://attacker.example' });
      expect(posted.status).toBe(403);
    }
    // The member's own allowance is untouched: five exports still go through.
    for (let i = 0; i < 5; i++) {
      const res = await exportData(t, member.cookie);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
  });
});
