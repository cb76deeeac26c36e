// Saved custom styles (Premium): a member names a theme + palette + words, at most 20, each name
// once; other plans are told styles come with Premium; a generation copies what its style applied,
// so editing or deleting the style later changes no picture and no queued job.
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { composeSvg } from '../../src/composer';
import type { CustomStyle, GenerationStatus } from '../../src/core/api';
import type { Tier } from '../../src/core/tiers';
import type { DataExport } from '../../src/server/data-export/service';
import { customStyles, generations, memberships } from '../../src/server/db/schema';
import type { GenerateImageInput, ImageProvider } from '../../src/server/generation/ports';
import { imageKeys } from '../../src/server/storage/storage';
import { createKey, v1 } from '../helpers/api-keys';
import { createTestApp, signUp, type TestApp } from '../helpers/app';
import { scriptedProvider } from '../helpers/fake-provider';
import { generate, setTier } from '../helpers/members';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

type Member = Awaited<ReturnType<typeof signUp>>;

async function member(t: TestApp, tier: Tier): Promise<Member> {
  const m = await signUp(t);
  await setTier(t, m.user.id, tier);
  return m;
}

const ocean = { name: 'Ocean', theme: 'watercolor', palette: 'forest', words: 'soft morning light' };

async function saveStyle(t: TestApp, m: Member, body: object = ocean): Promise<CustomStyle> {
  const res = await t.request('/api/styles', { method: 'POST', cookie: m.cookie, json: body });
  if (res.status !== 201) throw new Error(`saving a style failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as CustomStyle;
}

const jobRow = async (t: TestApp, id: string) =>
  (await t.deps.database.db.select().from(generations).where(eq(generations.id, id)))[0];

describe('/api/styles', () => {
  it('saves, lists, edits and deletes a Premium member’s styles', async () => {
    app = await createTestApp();
    const m = await member(app, 'premium');

    const created = await saveStyle(app, m, { ...ocean, name: '  Ocean  ', words: ' soft morning light ' });
    expect(created).toEqual({
      id: expect.any(String),
      ...ocean,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const plain = await saveStyle(app, m, { name: 'ink', theme: 'comic', palette: 'bauhaus' });
    expect(plain.words).toBe('');

    const list = await app.request('/api/styles', { cookie: m.cookie });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    // By name, whatever its case.
    expect(await list.json()).toEqual({ styles: [plain, created], limit: 20 });

    const renamed = await app.request(`/api/styles/${created.id}`, {
      method: 'PATCH',
      cookie: m.cookie,
      json: { name: 'Deep sea', palette: 'candy' },
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({
      ...ocean,
      id: created.id,
      name: 'Deep sea',
      palette: 'candy',
    });

    expect(
      (await app.request(`/api/styles/${created.id}`, { method: 'DELETE', cookie: m.cookie })).status,
    ).toBe(204);
    expect((await (await app.request('/api/styles', { cookie: m.cookie })).json()).styles).toEqual([plain]);
    const again = await app.request(`/api/styles/${created.id}`, { method: 'DELETE', cookie: m.cookie });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: { code: 'not_found', message: 'Style not found' } });
  });

  it('refuses a name the member already uses (any case), bad fields and a 21st style', async () => {
    app = await createTestApp();
    const m = await member(app, 'enterprise');
    const first = await saveStyle(app, m);

    const duplicate = await app.request('/api/styles', {
      method: 'POST',
      cookie: m.cookie,
      json: { ...ocean, name: 'OCEAN ' },
    });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({
      error: {
        code: 'style_name_taken',
        message: 'You already have a style called "OCEAN". Pick another name.',
      },
    });
    const second = await saveStyle(app, m, { ...ocean, name: 'Dusk' });
    const renameClash = await app.request(`/api/styles/${second.id}`, {
      method: 'PATCH',
      cookie: m.cookie,
      json: { name: 'ocean' },
    });
    expect(renameClash.status).toBe(409);
    expect((await renameClash.json()).error.message).toBe(
      'You already have a style called "ocean". Pick another name.',
    );

    for (const [body, message] of [
      [{ ...ocean, name: '' }, 'Give the style a name'],
      [{ ...ocean, name: 'x'.repeat(41) }, 'Keep the style name to 40 characters or fewer'],
      [{ ...ocean, name: 'Neon', palette: 'neon' }, 'Choose one of the palettes'],
      [{ ...ocean, name: 'Long', words: 'w'.repeat(121) }, 'Keep the style words to 120 characters or fewer'],
    ] as const) {
      const res = await app.request('/api/styles', { method: 'POST', cookie: m.cookie, json: body });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(message);
    }

    // Another member may use the same name.
    await saveStyle(app, await member(app, 'premium'));

    for (let i = 3; i <= 20; i++) await saveStyle(app, m, { ...ocean, name: `Style ${i}` });
    const full = await app.request('/api/styles', {
      method: 'POST',
      cookie: m.cookie,
      json: { ...ocean, name: 'One more' },
    });
    expect(full.status).toBe(409);
    expect(await full.json()).toEqual({
      error: {
        code: 'too_many_styles',
        message: 'You can save up to 20 styles. Delete one you no longer use to save another.',
      },
    });
    // Deleting one frees its place.
    await app.request(`/api/styles/${first.id}`, { method: 'DELETE', cookie: m.cookie });
    await saveStyle(app, m, { ...ocean, name: 'One more' });
    expect((await (await app.request('/api/styles', { cookie: m.cookie })).json()).styles).toHaveLength(20);
  });

  it('tells Free and Basic members that styles come with Premium; a lapsed member keeps theirs unusable', async () => {
    app = await createTestApp({ overrides: { imageProvider: scriptedProvider() } });
    const premiumOnly = {
      error: {
        code: 'premium_required',
        message: 'Custom styles come with the Premium plan. Upgrade to Premium to save and use them.',
      },
    };
    for (const tier of ['free', 'basic'] as const) {
      const m = await member(app, tier);
      const res = await app.request('/api/styles', { method: 'POST', cookie: m.cookie, json: ocean });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(premiumOnly);
    }

    const lapsed = await member(app, 'premium');
    const style = await saveStyle(app, lapsed);
    await setTier(app, lapsed.user.id, 'basic');
    const edit = await app.request(`/api/styles/${style.id}`, {
      method: 'PATCH',
      cookie: lapsed.cookie,
      json: { name: 'x' },
    });
    expect(edit.status).toBe(403);
    expect(await edit.json()).toEqual(premiumOnly);
    const use = await app.request('/api/generations', {
      method: 'POST',
      cookie: lapsed.cookie,
      json: { prompt: 'a cat', styleId: style.id },
    });
    expect(use.status).toBe(403);
    expect(await use.json()).toEqual(premiumOnly);
    // Nothing was counted for the refused picture, and the style is still there.
    const [usage] = await app.deps.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, lapsed.user.id));
    expect(usage.tier).toBe('basic');
    expect(
      (await (await app.request('/api/me', { cookie: lapsed.cookie })).json()).membership.imageCount,
    ).toBe(0);
    expect((await (await app.request('/api/styles', { cookie: lapsed.cookie })).json()).styles).toEqual([
      style,
    ]);

    // Back on Premium, the same style works again.
    await setTier(app, lapsed.user.id, 'premium');
    expect((await generate(app, lapsed, { prompt: 'a cat', styleId: style.id })).status).toBe('succeeded');
  });

  it("answers 404 for another member's style, in the styles API and in a generation", async () => {
    app = await createTestApp({ overrides: { imageProvider: scriptedProvider() } });
    const owner = await member(app, 'premium');
    const other = await member(app, 'premium');
    const style = await saveStyle(app, owner);

    for (const [method, json] of [
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await app.request(`/api/styles/${style.id}`, { method, cookie: other.cookie, json });
      expect(res.status).toBe(404);
    }
    for (const styleId of [style.id, 'not-a-uuid']) {
      const res = await app.request('/api/generations', {
        method: 'POST',
        cookie: other.cookie,
        json: { prompt: 'a cat', styleId },
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Style not found' } });
    }
    expect((await (await app.request('/api/styles', { cookie: owner.cookie })).json()).styles).toEqual([
      style,
    ]);
  });
});

describe('generating with a style', () => {
  it('draws in the style’s theme and palette and keeps what it applied when the style changes later', async () => {
    app = await createTestApp();
    const m = await member(app, 'premium');
    const style = await saveStyle(app, m, { ...ocean, theme: 'comic' });

    // The style's theme is used, whatever the request says.
    const done = await generate(app, m, { prompt: 'a robot', theme: 'default', styleId: style.id });
    expect(done.status).toBe('succeeded');
    expect(done.image?.theme).toBe('comic');
    const row = await jobRow(app, done.id);
    expect(row).toMatchObject({ theme: 'comic', palette: 'forest', styleWords: 'soft morning light' });
    expect(row.finalPrompt).toContain(
      'Colour palette: forest (#2d6a4f, #95d5b2, #ffb703, #fb8500, #8ecae6).',
    );
    expect(row.finalPrompt).toContain('Also: soft morning light.');

    // The stored vector is the composer's picture in the chosen palette, not in the theme's own pick.
    const svg = (await app.deps.storage.get(imageKeys.vector(done.image!.id)))!.bytes.toString('utf8');
    const input = { prompt: 'a robot', theme: 'comic' as const, seed: row.seed };
    expect(svg).toBe(composeSvg({ ...input, palette: 'forest' }).svg);
    expect(svg).not.toBe(composeSvg(input).svg);

    await app.request(`/api/styles/${style.id}`, {
      method: 'PATCH',
      cookie: m.cookie,
      json: { theme: 'pixel', palette: 'candy', words: 'neon glow' },
    });
    await app.request(`/api/styles/${style.id}`, { method: 'DELETE', cookie: m.cookie });
    expect(await jobRow(app, done.id)).toEqual(row);
    const after = (await (
      await app.request(`/api/generations/${done.id}`, { cookie: m.cookie })
    ).json()) as GenerationStatus;
    expect(after.image).toEqual(done.image);
  });

  it('a queued job keeps the style it was asked with when the style is edited and deleted before it runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inner = scriptedProvider();
    const provider: ImageProvider = {
      ...inner,
      async generateImage(input: GenerateImageInput) {
        // The first job holds the only worker until released, so the second waits in the queue.
        if (inner.calls === 0) await gate;
        return inner.generateImage(input);
      },
    };
    app = await createTestApp({ env: { WORKERS: '1' }, overrides: { imageProvider: provider } });
    const m = await member(app, 'premium');
    const style = await saveStyle(app, m);

    const first = await app.request('/api/generations', {
      method: 'POST',
      cookie: m.cookie,
      json: { prompt: 'a dog' },
    });
    expect(first.status).toBe(202);
    const queued = await app.request('/api/generations', {
      method: 'POST',
      cookie: m.cookie,
      json: { prompt: 'a cat', styleId: style.id },
    });
    expect(queued.status).toBe(202);
    const { id } = (await queued.json()) as { id: string };
    expect((await jobRow(app, id)).status).toBe('queued');

    await app.request(`/api/styles/${style.id}`, {
      method: 'PATCH',
      cookie: m.cookie,
      json: { theme: 'pixel', palette: 'candy', words: 'neon glow' },
    });
    await app.request(`/api/styles/${style.id}`, { method: 'DELETE', cookie: m.cookie });
    release();
    await app.deps.jobs.idle();

    expect((await jobRow(app, id)).status).toBe('succeeded');
    const asked = inner.inputs.find((input) => input.userPrompt === 'a cat');
    expect(asked).toMatchObject({ theme: 'watercolor', palette: 'forest' });
    expect(asked?.prompt).toContain('Also: soft morning light.');
    expect(asked?.prompt).not.toContain('neon');
  });
});

describe('styles through the REST API, the data export and account deletion', () => {
  it('an Enterprise key generates with a saved style through /api/v1; another member’s style is 404', async () => {
    const provider = scriptedProvider();
    app = await createTestApp({ overrides: { imageProvider: provider } });
    const m = await member(app, 'enterprise');
    const style = await saveStyle(app, m);
    const key = await createKey(app, m);

    const res = await v1(app, key.key, '/generations', {
      method: 'POST',
      json: { prompt: 'a lighthouse', styleId: style.id },
    });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    await app.deps.jobs.idle();
    expect(await jobRow(app, id)).toMatchObject({
      status: 'succeeded',
      theme: 'watercolor',
      palette: 'forest',
      styleWords: 'soft morning light',
    });
    expect(provider.inputs.at(-1)).toMatchObject({ theme: 'watercolor', palette: 'forest' });

    const theirs = await saveStyle(app, await member(app, 'premium'));
    const refused = await v1(app, key.key, '/generations', {
      method: 'POST',
      json: { prompt: 'a lighthouse', styleId: theirs.id },
    });
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.message).toBe('Style not found');
  });

  it('exports the member’s styles and removes them with the account', async () => {
    app = await createTestApp({ overrides: { background: false } });
    const m = await member(app, 'premium');
    const style = await saveStyle(app, m);
    await saveStyle(app, await member(app, 'premium'), { ...ocean, name: 'Not mine' });

    const zip = await app.request('/api/data-export', { method: 'POST', cookie: m.cookie });
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const data = JSON.parse(Buffer.from(files['clipsmith-data.json']).toString('utf8')) as DataExport;
    expect(data.styles).toEqual([{ ...ocean, createdAt: style.createdAt }]);

    const deleted = await app.request('/api/me', {
      method: 'DELETE',
      cookie: m.cookie,
      json: { confirmEmail: m.email },
    });
    expect(deleted.status).toBe(200);
    const left = await app.deps.database.db.select().from(customStyles);
    expect(left.map((s) => s.name)).toEqual(['Not mine']);
  });
});
