// The pictures the site shows before anyone generates: the landing page's four samples and one
// sample per theme for the theme tiles. `npm run build` renders them with the built-in composer
// into dist/web/samples (copies in public/samples serve `vite` dev), so prompts live here once.
import type { ThemeId } from './options';

export type SamplePicture = { prompt: string; theme: ThemeId; seed: number; src: string };

export const LANDING_SAMPLES: readonly SamplePicture[] = [
  { prompt: 'Cute fox in a forest', theme: 'default', seed: 7, src: '/samples/sample-1.png' },
  { prompt: 'Rocket flying through space', theme: 'comic', seed: 3, src: '/samples/sample-2.png' },
  { prompt: 'Happy pizza character', theme: 'watercolor', seed: 5, src: '/samples/sample-3.png' },
  { prompt: 'Robot assistant', theme: 'pixel', seed: 2, src: '/samples/sample-4.png' },
];

/**
 * The landing samples also go out as AVIF and WebP at these widths (a <picture> with a srcset of
 * each); the PNG stays the original. 320 is a phone's: two to a row, a picture is about 166 CSS px
 * wide on a 412 px screen, 290 device pixels at 1.75×, so it would otherwise get the 512 (half
 * again the bytes). AVIF is about half WebP's bytes for these pictures at the same look (measured:
 * 37 KB against 72 KB for the four 320 copies); WebP is for browsers without AVIF.
 */
export const SAMPLE_WIDTHS = [256, 320, 512] as const;
export type SampleWidth = (typeof SAMPLE_WIDTHS)[number];
export const SAMPLE_FORMATS = ['avif', 'webp'] as const;
export type SampleFormat = (typeof SAMPLE_FORMATS)[number];
export const sampleCopy = (src: string, width: SampleWidth, format: SampleFormat) =>
  src.replace(/\.png$/, `-${width}.${format}`);

/** One prompt drawn in every theme, so a theme tile shows what the theme looks like. */
export const THEME_SAMPLE_PROMPT = 'A fox with a balloon';

export function themeSample(theme: ThemeId): SamplePicture {
  return { prompt: THEME_SAMPLE_PROMPT, theme, seed: 4, src: `/samples/theme-${theme}.png` };
}
