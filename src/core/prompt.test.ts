import { describe, expect, it } from 'vitest';
import { generationRequestSchema } from './api';
import { THEME_IDS } from './options';
import {
  buildClipartPrompt,
  cleanPrompt,
  normalisePrompt,
  PROMPT_MAX_LENGTH,
  SAMPLE_PROMPTS,
  THEME_STYLE_PHRASES,
} from './prompt';

describe('normalisePrompt', () => {
  it('drops surrounding whitespace and keeps the rest as typed', () => {
    expect(normalisePrompt('  a fox  ')).toBe('a fox');
    expect(normalisePrompt('\n\ta fox\n  in   the snow\r\n')).toBe('a fox\n  in   the snow');
    expect(normalisePrompt('   ')).toBe('');
  });

  it('is what the generation request stores, and normalising again changes nothing', () => {
    const typed = ' \u00a0A lighthouse,  waves\u3000';
    const stored = generationRequestSchema.parse({ prompt: typed }).prompt;
    expect(stored).toBe(normalisePrompt(typed));
    expect(stored).toBe('A lighthouse,  waves');
    expect(normalisePrompt(stored)).toBe(stored);
  });

  it('is measured after normalising: spaces round a full-length prompt are not counted', () => {
    const full = 'a'.repeat(PROMPT_MAX_LENGTH);
    expect(generationRequestSchema.safeParse({ prompt: `  ${full}  ` }).success).toBe(true);
    expect(generationRequestSchema.safeParse({ prompt: `${full}a` }).success).toBe(false);
  });
});

describe('cleanPrompt', () => {
  it.each([
    ['a cute cat on a white background', 'a cute cat'],
    ['cat on white background', 'cat'],
    ['A red fox with a blue background, smiling', 'A red fox, smiling'],
    ['a robot with transparent background', 'a robot'],
    ['a robot with a transparent background', 'a robot'],
    ['a car with a transparent bg', 'a car'],
    ['Dog, background: light blue, wearing a hat', 'Dog, wearing a hat'],
    ['Dog. Background = red', 'Dog.'],
    ['BG: red. A big fish', 'A big fish'],
    ['an apple isolated on white', 'an apple'],
    ['an apple isolated on a white background.', 'an apple.'],
    ['a pear ISOLATED ON WHITE BACKGROUND', 'a pear'],
    ['a cat , on a plain white background , sleeping', 'a cat, sleeping'],
    ['astronaut against a dark backdrop and a moon', 'astronaut and a moon'],
    ['pizza slice, white background', 'pizza slice'],
    ['pizza slice, pure white background, high detail', 'pizza slice, high detail'],
    ['tree with no background', 'tree'],
    ['tree without a background', 'tree'],
    ['a hot air balloon over a light-blue background', 'a hot air balloon'],
    ['snowman in front of a grey background', 'snowman'],
    ['cupcake on a solid off-white background with sprinkles', 'cupcake with sprinkles'],
    ['owl On A Black Background', 'owl'],
    ['  a   happy   sun   ', 'a happy sun'],
    ['rocket,, on a white background,,, flying', 'rocket, flying'],
  ])('%j → %j', (raw, cleaned) => {
    expect(cleanPrompt(raw)).toBe(cleaned);
  });

  it('leaves prompts without background talk alone', () => {
    for (const text of [
      'a cat sitting on a chair',
      'a red car on the road with a dog',
      'a white rabbit with blue eyes',
      'Cute cartoon animal',
    ]) {
      expect(cleanPrompt(text)).toBe(text);
    }
  });

  it('keeps the text when it was only about the background', () => {
    expect(cleanPrompt('white background')).toBe('white background');
    expect(cleanPrompt('   ')).toBe('');
  });
});

describe('buildClipartPrompt', () => {
  it('wraps the subject in clipart instructions', () => {
    const text = buildClipartPrompt('a happy sun', 'default');
    expect(text).toContain('a happy sun');
    expect(text).toMatch(/clipart/i);
    expect(text).toMatch(/single subject, centred/);
    expect(text).toMatch(/clean outlines and flat colours/);
    expect(text).toMatch(/plain white or transparent background/i);
    expect(text).toMatch(/no text/i);
    expect(text).toMatch(/no watermark/i);
  });

  it('adds the style phrase of each theme', () => {
    for (const theme of THEME_IDS) {
      expect(buildClipartPrompt('a fox', theme)).toContain(THEME_STYLE_PHRASES[theme]);
    }
    expect(buildClipartPrompt('a fox', 'comic')).toMatch(/comic book/i);
    expect(buildClipartPrompt('a fox', 'pixel')).toMatch(/pixel art/i);
    expect(buildClipartPrompt('a fox', 'watercolor')).toMatch(/watercolour/i);
    expect(new Set(THEME_IDS.map((t) => THEME_STYLE_PHRASES[t])).size).toBe(THEME_IDS.length);
  });

  it("adds a custom style's palette colours and words after the theme's style, and nothing without one", () => {
    const text = buildClipartPrompt('a fox', 'watercolor', {
      palette: 'forest',
      words: ' soft morning light. ',
    });
    expect(text).toContain(
      `${THEME_STYLE_PHRASES.watercolor} Colour palette: forest (#2d6a4f, #95d5b2, #ffb703, #fb8500, #8ecae6). Also: soft morning light. One single subject`,
    );
    expect(buildClipartPrompt('a fox', 'watercolor', { palette: null, words: '' })).toBe(
      buildClipartPrompt('a fox', 'watercolor'),
    );
    expect(buildClipartPrompt('a fox', 'default')).not.toMatch(/Colour palette|Also:/);
  });

  it('does not double the full stop after the subject', () => {
    expect(buildClipartPrompt('a cat.', 'default')).toMatch(/^Clipart illustration of: a cat\. /);
  });
});

describe('prompt constants', () => {
  it('has the ten sample prompts of the spec', () => {
    expect(SAMPLE_PROMPTS).toHaveLength(10);
    expect(SAMPLE_PROMPTS.map((p) => p.toLowerCase())).toEqual([
      'cute cartoon animal',
      'robot assistant',
      'fantasy landscape',
      'superhero',
      'futuristic vehicle',
      'whimsical creature',
      'seasonal holiday scene',
      'underwater scene',
      'space exploration',
      'food character',
    ]);
    expect(PROMPT_MAX_LENGTH).toBe(1000);
  });
});
