import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { THEME_IDS, type ThemeId } from '../core/options';
import { findPalette, PALETTE_IDS, type PaletteId } from '../core/palettes';
import { SAMPLE_PROMPTS } from '../core/prompt';
import { analyseClipart } from '../server/generation/checks/analysis';
import { createOfflineComposer } from '../server/generation/providers/offline';
import { ComposerMiss, composeClipart, composeSvg, getLexicon, planPrompt } from './index';
import { rgbToHsl } from './palettes';
import { createRandom } from './random';

const plan = (prompt: string, seed = 1) => planPrompt(prompt, createRandom(seed));
const art = (prompt: string, seed = 1) => plan(prompt, seed).subject.id;

describe('composer: words', () => {
  it('loads its index once, with several open art sets and WordNet vocabulary', () => {
    const lexicon = getLexicon();
    expect(lexicon.sets.map((s) => s.prefix)).toEqual(['fluent-emoji-flat', 'game-icons', 'mdi']);
    expect(lexicon.arts.length).toBeGreaterThan(5000);
    expect(lexicon.words.size).toBeGreaterThan(20000);
    expect(getLexicon()).toBe(lexicon);
  });

  it.each([
    ['cute cartoon animal', 'creature'],
    ['robot assistant', 'fluent-emoji-flat:robot'],
    ['superhero', 'fluent-emoji-flat:person-superhero'],
    ['futuristic vehicle', 'vehicle'],
    ['food character', 'food'],
  ])('sample prompt %s draws a fitting subject', (prompt, expected) => {
    for (const seed of [1, 2, 3]) {
      const p = plan(prompt, seed);
      if (expected === 'creature') expect(p.subject.creature).toBe(true);
      else if (expected === 'food') expect(p.subject.food).toBe(true);
      else if (expected === 'vehicle') expect(p.subjects[0].word).toBe('vehicle');
      else expect(p.subject.id).toBe(expected);
    }
  });

  it('every sample prompt of the generator panel is drawn (none is a miss)', () => {
    for (const prompt of SAMPLE_PROMPTS) expect(plan(prompt).subjects.length).toBeGreaterThan(0);
  });

  it('sets the scene for scene prompts and a face for food characters', () => {
    expect(plan('fantasy landscape').scene).toBe('landscape');
    expect(plan('underwater scene').scene).toBe('underwater');
    expect(plan('space exploration').scene).toBe('space');
    expect(['winter', 'halloween', 'spring', 'autumn', 'beach']).toContain(
      plan('seasonal holiday scene').scene,
    );
    expect(plan('food character').face).toBe(true);
    expect(plan('cute cartoon animal').face).toBe(false);
  });

  it('reads plurals, synonyms and broader words from WordNet', () => {
    expect(art('two puppies')).toMatch(/^fluent-emoji-flat:dog/);
    expect(art('strawberries')).toBe('fluent-emoji-flat:strawberry');
    expect(art('a kitten')).toBe('fluent-emoji-flat:cat');
    expect(art('a car')).toBe('fluent-emoji-flat:automobile');
    // A broader word (hypernym) is fine, and the report says which word it drew.
    const collie = plan('a collie');
    expect(collie.subjects[0]).toEqual({ word: 'collie', label: 'dog', art: 'fluent-emoji-flat:dog' });
  });

  it('draws things that have no emoji with the icon sets', () => {
    expect(art('a lighthouse')).toBe('game-icons:lighthouse');
    expect(art('a windmill')).toBe('game-icons:windmill');
    expect(art('a treasure chest')).toMatch(/^(mdi:treasure-chest|game-icons:.*chest)$/);
  });

  it('lets colour and size words change the subject, motion verbs move it', () => {
    expect(plan('a blue car').colour).toBe('#0000ff');
    expect(plan('a tiny frog').scale).toBeLessThan(1);
    expect(plan('a giant pumpkin').scale).toBeGreaterThan(1);
    expect(plan('a dog running').motion).toBe('run');
    expect(plan('a bird flying').motion).toBe('fly');
    expect(plan('a dog').motion).toBeNull();
  });

  it('keeps other named things as accents and reports everything drawn, subject first', () => {
    const p = plan('a lighthouse with waves and sun');
    expect(p.subjects.map((s) => s.word)).toEqual(['lighthouse', 'waves', 'sun']);
    expect(p.subjects[0]).toEqual({ word: 'lighthouse', label: 'lighthouse', art: 'game-icons:lighthouse' });
    expect(p.accents.map((a) => a.id)).toEqual(p.subjects.slice(1).map((s) => s.art));
  });

  it('refuses a prompt whose subject it cannot draw, naming the words', () => {
    expect(() => plan('xqzt blorp vrmmf')).toThrow(ComposerMiss);
    try {
      plan('a flurbish on the table');
    } catch (error) {
      expect(error).toBeInstanceOf(ComposerMiss);
      expect((error as ComposerMiss).words).toEqual(['flurbish']);
    }
  });
});

describe('composer: rendering', () => {
  it('is deterministic: same prompt + seed gives the same bytes, another seed another layout', async () => {
    const a = await composeClipart({ prompt: 'robot assistant', theme: 'default', seed: 42 });
    const b = await composeClipart({ prompt: 'robot assistant', theme: 'default', seed: 42 });
    const c = await composeClipart({ prompt: 'robot assistant', theme: 'default', seed: 43 });
    expect(b.svg).toBe(a.svg);
    expect(b.png.equals(a.png)).toBe(true);
    expect(c.svg).not.toBe(a.svg);
  });

  it('gives variations of one prompt (4 seeds) four different pictures', async () => {
    // Seeds as the server draws them for one request's variations: independent 31-bit numbers.
    const seeds = [12345, 987654, 5555555, 2024];
    const pictures = await Promise.all(
      seeds.map((seed) => composeClipart({ prompt: 'a happy cactus', theme: 'default', seed })),
    );
    for (const [i, a] of pictures.entries()) {
      for (const b of pictures.slice(i + 1)) {
        expect(b.png.equals(a.png)).toBe(false);
        expect(b.svg).not.toBe(a.svg);
      }
    }
  });

  it.each(THEME_IDS)(
    'theme %s renders a valid 1024x1024 transparent PNG that passes the check',
    async (theme: ThemeId) => {
      for (const prompt of ['cute cartoon animal', 'a lighthouse', 'space exploration']) {
        const result = await composeClipart({ prompt, theme, seed: 7 });
        const meta = await sharp(result.png).metadata();
        expect(meta.format).toBe('png');
        expect([meta.width, meta.height]).toEqual([1024, 1024]);
        expect(meta.hasAlpha).toBe(true);
        const { data } = await sharp(result.png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
        expect(data[3]).toBe(0); // the corner is transparent
        const analysis = await analyseClipart(result.png);
        expect(analysis, `${prompt} / ${theme}: ${analysis.reason}`).toMatchObject({
          ok: true,
          clipped: false,
          background: 'transparent',
        });
        expect(result.svg.startsWith('<svg')).toBe(true);
      }
    },
    30_000,
  );

  it('gives each theme its own look, and the realistic one the most shading', async () => {
    for (const prompt of ['A fox with a balloon', 'a lighthouse']) {
      const small: Record<string, Buffer> = {};
      const tones: Record<string, number> = {};
      for (const theme of THEME_IDS) {
        const { png } = await composeClipart({ prompt, theme, seed: 4 });
        small[theme] = await sharp(png).resize(48, 48).ensureAlpha().raw().toBuffer();
        // Distinct opaque colours in the middle of the picture: flat art has few, lit art many.
        const middle = await sharp(png)
          .extract({ left: 256, top: 256, width: 512, height: 512 })
          .ensureAlpha()
          .raw()
          .toBuffer();
        const seen = new Set<number>();
        for (let i = 0; i < middle.length; i += 4)
          if (middle[i + 3] > 250)
            seen.add(((middle[i] >> 2) << 12) | ((middle[i + 1] >> 2) << 6) | (middle[i + 2] >> 2));
        tones[theme] = seen.size;
      }
      for (const a of THEME_IDS)
        for (const b of THEME_IDS) {
          if (a >= b) continue;
          let diff = 0;
          for (let i = 0; i < small[a].length; i++) diff += Math.abs(small[a][i] - small[b][i]);
          expect(diff / small[a].length, `${prompt}: ${a} vs ${b}`).toBeGreaterThan(15);
        }
      for (const theme of THEME_IDS)
        if (theme !== 'realistic')
          expect(tones.realistic, `${prompt}: realistic vs ${theme}`).toBeGreaterThan(3 * tones[theme]);
    }
  }, 60_000);

  it('paints one-colour icons in the asked colour, with a second tone in their holes', async () => {
    const red = await composeClipart({ prompt: 'a red lighthouse', theme: 'default', seed: 1 });
    expect(red.svg).toContain('stop-color="#ff0000"');
    expect(red.svg).toMatch(/<path d="[^"]+" fill="#[0-9a-f]{6}" stroke=/); // the plate
    // The credit CC BY asks for, in the words the download menu shows (core/art-licences).
    expect(red.svg).toMatch(
      /<desc>Art: [^<]*Game Icons by Lorc, Delapouite and contributors \(game-icons.net\), CC BY 3.0/,
    );
    expect(red.artSets).toContain('game-icons');
  });

  it('renders picture after picture without piling up memory', async () => {
    // Each 1024x1024 render holds ~4 MB of native memory until its JS wrapper is collected;
    // before the composer released it, 24 renders in a row added ~100 MB.
    const render = () => composeClipart({ prompt: 'a red apple', theme: 'default', seed: 3 });
    for (let i = 0; i < 4; i++) await render();
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 24; i++) await render();
    const grown = (process.memoryUsage().rss - before) / 1024 / 1024;
    expect(grown).toBeLessThan(40);
  }, 60_000);

  it('paints one-colour icons to suit each theme: bold in comic, mid-tone in realistic, light in watercolour', () => {
    // The body colour sits at 0.55 of the icon's light-to-dark gradient.
    const body = (theme: ThemeId, seed: number) => {
      const { svg } = composeSvg({ prompt: 'a windmill', theme, seed });
      const hex = /id="i\d+-mono"[^>]*><stop[^>]*\/><stop offset="0.55" stop-color="(#[0-9a-f]{6})"/.exec(
        svg,
      )?.[1];
      expect(hex, `${theme}: no painted icon`).toBeDefined();
      return rgbToHsl(hex ?? '#000000');
    };
    for (const seed of [1, 2, 3, 4, 5]) {
      const [, comicS, comicL] = body('comic', seed);
      expect(comicS).toBeGreaterThanOrEqual(0.74);
      expect(comicL).toBeGreaterThan(0.4);
      const [, , realL] = body('realistic', seed);
      expect(realL).toBeGreaterThan(0.44);
      expect(realL).toBeLessThan(0.64);
      const [, waterS, waterL] = body('watercolor', seed);
      expect(waterL).toBeGreaterThan(0.54);
      expect(waterS).toBeLessThan(0.62);
    }
  });

  it('works as the image provider port, matching on the typed prompt', async () => {
    const provider = createOfflineComposer();
    expect([provider.name, provider.model]).toEqual(['offline-composer', 'clipsmith-composer-1']);
    const image = await provider.generateImage({
      prompt: 'Create a clipart image of: superhero. Transparent background.',
      userPrompt: 'superhero',
      theme: 'comic',
      quality: 'low',
      seed: 1,
    });
    expect(image.provider).toBe('offline-composer');
    expect(image.subjects).toEqual([
      { word: 'superhero', label: 'superhero', art: 'fluent-emoji-flat:person-superhero' },
    ]);
    expect(image.png.length).toBeGreaterThan(1000);
  });
});

describe('composer: a chosen palette (custom styles)', () => {
  /** The saturated colours of a picture, and how many of them take one of the palette's hues. */
  const paletteShare = (svg: string, palette: PaletteId) => {
    const hues = findPalette(palette)?.colors.map((c) => rgbToHsl(c)[0]) ?? [];
    const colours = [
      ...new Set([...svg.matchAll(/(?:fill|stop-color)="(#[0-9a-fA-F]{6})"/g)].map((m) => m[1])),
    ]
      .map(rgbToHsl)
      .filter(([, s, l]) => s >= 0.12 && l > 0.1 && l < 0.93);
    const near = colours.filter(([h]) =>
      hues.some((p) => Math.min(Math.abs(h - p), 1 - Math.abs(h - p)) < 0.01),
    );
    return near.length / colours.length;
  };

  it('paints the art and the theme in the chosen palette, the same picture for the same inputs', () => {
    for (const theme of ['default', 'comic', 'watercolor'] as const) {
      for (const palette of PALETTE_IDS) {
        const input = { prompt: 'a robot', theme, seed: 7, palette };
        const painted = composeSvg(input).svg;
        expect(composeSvg(input).svg).toBe(painted);
        expect(painted).not.toBe(composeSvg({ prompt: 'a robot', theme, seed: 7 }).svg);
        expect(paletteShare(painted, palette)).toBeGreaterThanOrEqual(0.9);
      }
    }
  });

  it('keeps a colour the prompt asked for on the subject', () => {
    const purples = (svg: string) =>
      [...svg.matchAll(/fill="(#[0-9a-fA-F]{6})"/g)].filter(([, c]) => {
        const [h, sat] = rgbToHsl(c);
        return sat > 0.3 && h > 0.72 && h < 0.85;
      }).length;
    const asked = composeSvg({ prompt: 'a purple apple', theme: 'default', seed: 3 }).svg;
    // Forest has no purple: the apple stays the purple asked for instead of taking the palette's hues.
    const { svg } = composeSvg({ prompt: 'a purple apple', theme: 'default', seed: 3, palette: 'forest' });
    expect(purples(asked)).toBeGreaterThan(0);
    expect(purples(svg)).toBe(purples(asked));
  });
});
