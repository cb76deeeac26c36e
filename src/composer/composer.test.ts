import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ThemeId } from '../core/options';
import { THEME_IDS } from '../core/options';
import { SAMPLE_PROMPTS } from '../core/prompt';
import { analyseClipart } from '../server/generation/checks/analysis';
import { createOfflineComposer } from '../server/generation/providers/offline';
import { composeClipart, getCatalog } from './index';
import { planPrompt } from './match';
import { createRandom } from './random';

const plan = (prompt: string, seed = 1) => planPrompt(prompt, createRandom(seed));

describe('offline composer: keyword matching', () => {
  it('builds the index quickly, once', () => {
    const catalog = getCatalog();
    expect(catalog.entries.size).toBeGreaterThan(1000);
    expect(catalog.buildMs).toBeLessThan(1000);
    expect(getCatalog()).toBe(catalog);
  });

  it.each([
    [
      'cute cartoon animal',
      [
        'dog-face',
        'cat-face',
        'fox',
        'panda',
        'rabbit-face',
        'hamster',
        'koala',
        'bear',
        'tiger-face',
        'lion',
        'frog',
        'penguin',
        'owl',
        'monkey-face',
        'pig-face',
        'unicorn',
      ],
    ],
    ['robot assistant', ['robot']],
    ['fantasy landscape', ['castle']],
    ['superhero', ['person-superhero']],
    ['futuristic vehicle', ['flying-saucer', 'rocket', 'high-speed-train']],
    ['whimsical creature', ['unicorn', 'dragon-face', 'ghost']],
    ['seasonal holiday scene', ['christmas-tree', 'snowman', 'jack-o-lantern']],
    [
      'underwater scene',
      ['tropical-fish', 'octopus', 'spouting-whale', 'turtle', 'dolphin', 'crab', 'shark', 'jellyfish'],
    ],
    ['space exploration', ['rocket', 'astronaut']],
    [
      'food character',
      [
        'pizza',
        'hamburger',
        'taco',
        'doughnut',
        'soft-ice-cream',
        'cupcake',
        'hot-dog',
        'sushi',
        'croissant',
        'french-fries',
        'avocado',
        'watermelon',
        'strawberry',
        'red-apple',
        'banana',
        'cookie',
      ],
    ],
  ])('%s -> a fitting subject', (prompt, allowed) => {
    for (const seed of [1, 2, 3]) expect(allowed).toContain(plan(prompt, seed).subject);
  });

  it('sets the scene for scene prompts and a face for food characters', () => {
    expect(plan('fantasy landscape').scene).toBe('landscape');
    expect(plan('underwater scene').scene).toBe('underwater');
    expect(plan('space exploration').scene).toBe('space');
    expect(['winter', 'halloween']).toContain(plan('seasonal holiday scene').scene);
    expect(plan('food character').face).toBe(true);
    expect(plan('cute cartoon animal').face).toBe(false);
  });

  it('understands synonyms, phrases and plurals', () => {
    expect(plan('a little pup').subject).toBe('dog');
    expect(plan('kitty').subject).toBe('cat');
    expect(plan('rocket ship').subject).toBe('rocket');
    expect(plan('two puppies').subject).toBe('dog');
    expect(plan('strawberries').subject).toBe('strawberry');
    expect(plan('butterflies').subject).toBe('butterfly');
    expect(plan('a hot dog').subject).toBe('hot-dog');
    expect(plan('dancing').subject).not.toBeNull();
  });

  it('keeps other named things as accents', () => {
    const p = plan('a cat with a crown and a balloon');
    expect(p.subject).toBe('cat');
    expect(p.namedAccents).toEqual(['crown', 'balloon']);
  });

  it('takes the first thing named by its own emoji name as the subject, not a keyword lookalike', () => {
    const plan = planPrompt('a happy robot watering flowers', createRandom(1));
    expect(plan.subject).toBe('robot');
    expect(plan.namedAccents).toEqual(['droplet', 'bouquet']);
    expect(planPrompt('watering the garden', createRandom(1)).subject).not.toBe('water-buffalo');
  });

  it('falls back to a badge for nonsense', async () => {
    expect(plan('xqzt blorp vrmmf').subject).toBeNull();
    const result = await composeClipart({ prompt: 'xqzt blorp vrmmf', theme: 'default', seed: 1 });
    expect(result.subject).toBe('badge');
    expect((await analyseClipart(result.png)).ok).toBe(true);
  });
});

describe('offline composer: rendering', () => {
  it('is deterministic: same prompt + seed gives the same bytes, another seed another layout', async () => {
    const a = await composeClipart({ prompt: 'robot assistant', theme: 'default', seed: 42 });
    const b = await composeClipart({ prompt: 'robot assistant', theme: 'default', seed: 42 });
    const c = await composeClipart({ prompt: 'robot assistant', theme: 'default', seed: 43 });
    expect(b.svg).toBe(a.svg);
    expect(b.png.equals(a.png)).toBe(true);
    expect(c.svg).not.toBe(a.svg);
  });

  it.each(THEME_IDS)(
    'theme %s renders a valid 1024x1024 transparent PNG that passes the check',
    async (theme: ThemeId) => {
      for (const prompt of ['cute cartoon animal', 'space exploration']) {
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
  );

  it('every sample prompt gives clipart the check accepts (default theme)', async () => {
    for (const prompt of SAMPLE_PROMPTS) {
      const analysis = await analyseClipart(
        (await composeClipart({ prompt, theme: 'default', seed: 3 })).png,
      );
      expect(analysis.ok, `${prompt}: ${analysis.reason}`).toBe(true);
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
    expect(image.svg).toContain('person-superhero');
    expect(image.png.length).toBeGreaterThan(1000);
  });
});
