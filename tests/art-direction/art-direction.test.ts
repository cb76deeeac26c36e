// Art direction (issue 33, "expert prompts"): Premium and Enterprise set composition, outline,
// colour count, background and viewpoint; below Premium the server refuses them (403) and nothing
// is reserved. The controls are stored with the generation and its picture, shown in history and
// the REST API, drawn by the offline composer and written into the OpenAI provider's prompt.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtDirection } from '../../src/core/art-direction';
import { MESSAGES } from '../../src/core/messages';
import { getBalance } from '../../src/server/credits/service';
import { generatedImages, generations } from '../../src/server/db/schema';
import { createKey, v1 } from '../helpers/api-keys';
import { createTestApp, type TestApp } from '../helpers/app';
import { type FakeOpenAI, startFakeOpenAI } from '../helpers/fake-openai';
import { generateImage, member } from '../helpers/members';
import { waitFor } from '../helpers/wait';

const DIRECTION: ArtDirection = {
  composition: 'scene',
  outline: 'bold',
  colours: 'few',
  background: 'scene',
  viewpoint: 'three-quarter',
};

describe('art direction with the offline composer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it.each(['free', 'basic'] as const)(
    '%s: refused with 403 naming Premium, nothing reserved',
    async (tier) => {
      // Credits do not open it: it is a plan's, like custom styles.
      const m = await member(t, { tier, credits: 3 });
      const res = await t.request('/api/generations', {
        method: 'POST',
        cookie: m.cookie,
        json: { prompt: 'a happy cactus', artDirection: { outline: 'bold' } },
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: { code: 'premium_required', message: MESSAGES.artDirectionNeedsPremium },
      });
      const me = await (await t.request('/api/me', { cookie: m.cookie })).json();
      expect(me.membership.imageCount).toBe(0);
      expect(await getBalance(t.deps.database.db, m.user.id)).toBe(3);
      const rows = await t.deps.database.db
        .select()
        .from(generations)
        .where(eq(generations.userId, m.user.id));
      expect(rows).toHaveLength(0);
    },
  );

  it('below Premium, a request without controls (or with an empty set) is made as before', async () => {
    const m = await member(t, { tier: 'free' });
    const { image } = await generateImage(t, m, { prompt: 'a happy cactus', artDirection: {} });
    expect(image.artDirection).toBeUndefined();
  });

  it('an unknown control or value is refused with a 400', async () => {
    const m = await member(t, { tier: 'premium' });
    for (const artDirection of [{ outline: 'dotted' }, { lighting: 'soft' }]) {
      const res = await t.request('/api/generations', {
        method: 'POST',
        cookie: m.cookie,
        json: { prompt: 'a happy cactus', artDirection },
      });
      expect(res.status, JSON.stringify(artDirection)).toBe(400);
    }
  });

  it.each(['premium', 'enterprise'] as const)(
    '%s: the picture is drawn with the controls, stored with it and listed in history',
    async (tier) => {
      const m = await member(t, { tier });
      const plain = await generateImage(t, m, { prompt: 'a happy cactus', privacy: 'private' });
      const directed = await generateImage(t, m, {
        prompt: 'a happy cactus',
        privacy: 'private',
        artDirection: DIRECTION,
      });
      expect(directed.image.artDirection).toEqual(DIRECTION);
      // A scene background is the picture's own: it is not reported (or offered) as transparent.
      expect(directed.image.transparentBackground).toBe(false);
      expect(plain.image.transparentBackground).toBe(true);

      const [row] = await t.deps.database.db
        .select()
        .from(generations)
        .where(eq(generations.id, directed.id));
      expect(row.artDirection).toEqual(DIRECTION);
      const [stored] = await t.deps.database.db
        .select()
        .from(generatedImages)
        .where(eq(generatedImages.id, directed.image.id));
      expect(stored.artDirection).toEqual(DIRECTION);

      // The composer drew something else: the SVG has the bold ink line and a full backdrop.
      const svg = await (
        await t.request(`/images/${directed.image.id}/download?format=svg`, { cookie: m.cookie })
      ).text();
      expect(svg).toContain('data-outline="14"');
      expect(svg).toContain('<rect width="1024" height="1024"');
      const plainSvg = await (
        await t.request(`/images/${plain.image.id}/download?format=svg`, { cookie: m.cookie })
      ).text();
      expect(plainSvg).not.toContain('data-outline');

      const history = await (await t.request('/api/history', { cookie: m.cookie })).json();
      const items = history.items as { id: string; artDirection?: ArtDirection }[];
      expect(items.find((i) => i.id === directed.image.id)?.artDirection).toEqual(DIRECTION);
      expect(items.find((i) => i.id === plain.image.id)?.artDirection).toBeUndefined();
    },
    120_000,
  );

  it('only the controls set are stored', async () => {
    const m = await member(t, { tier: 'premium' });
    const { image } = await generateImage(t, m, {
      prompt: 'a happy cactus',
      artDirection: { viewpoint: 'top' },
    });
    expect(image.artDirection).toEqual({ viewpoint: 'top' });
    expect(image.transparentBackground).toBe(true);
  });

  it('the REST API takes the same controls under the same rule and returns them', async () => {
    const m = await member(t, { tier: 'enterprise' });
    const { key } = await createKey(t, m);
    const res = await v1(t, key, '/generations', {
      method: 'POST',
      json: { prompt: 'a red ball', artDirection: { outline: 'thin', colours: 'few' } },
    });
    expect(res.status).toBe(202);
    const { id } = await res.json();
    const status = await waitFor('the API generation', async () => {
      const body = await (await v1(t, key, `/generations/${id}`)).json();
      return body.status === 'succeeded' || body.status === 'failed' ? body : undefined;
    });
    expect(status.image.artDirection).toEqual({ outline: 'thin', colours: 'few' });
    const bad = await v1(t, key, '/generations', {
      method: 'POST',
      json: { prompt: 'a red ball', artDirection: { viewpoint: 'side' } },
    });
    expect(bad.status).toBe(400);
  });
});

describe('art direction with the OpenAI provider', () => {
  let fake: FakeOpenAI;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp({ env: { OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: fake.url } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('the image model is told every control set, and not the fixed lines they replace', async () => {
    const m = await member(t, { tier: 'premium' });
    fake.reset();
    await generateImage(t, m, { prompt: 'a lighthouse', artDirection: DIRECTION });
    const [call] = fake.calls('images');
    const prompt = (call.body as { prompt: string; background?: string }).prompt;
    expect(prompt).toContain('Clipart illustration of: a lighthouse.');
    expect(prompt).toContain('Composition: a small scene');
    expect(prompt).toContain('Outline: bold, thick dark outlines');
    expect(prompt).toContain('Colours: a limited palette of at most four flat colours.');
    expect(prompt).toContain('Background: a full scene background');
    expect(prompt).toContain('Viewpoint: three-quarter view');
    expect(prompt).not.toContain('Plain white or transparent background');
    expect(prompt).not.toContain('One single subject');
    // A scene was asked for: the model is not told to make the background transparent.
    expect((call.body as { background?: string }).background).toBeUndefined();
  });

  it('without controls the prompt is as before', async () => {
    const m = await member(t, { tier: 'premium' });
    fake.reset();
    await generateImage(t, m, { prompt: 'a lighthouse' });
    const prompt = (fake.calls('images')[0].body as { prompt: string }).prompt;
    expect(prompt).toContain('Plain white or transparent background');
    expect(prompt).not.toMatch(/Composition:|Outline:|Viewpoint:/);
  });

  it('one control: only its sentence is added', async () => {
    const m = await member(t, { tier: 'enterprise' });
    fake.reset();
    await generateImage(t, m, { prompt: 'a lighthouse', artDirection: { viewpoint: 'top' } });
    const prompt = (fake.calls('images')[0].body as { prompt: string }).prompt;
    expect(prompt).toContain("Viewpoint: top-down view, seen from directly above (bird's-eye).");
    expect(prompt).not.toMatch(/Composition:|Outline:|Colours:/);
    expect(prompt).toContain('Plain white or transparent background');
  });
});
