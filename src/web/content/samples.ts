import { findTheme } from '../../core/options';
import { LANDING_SAMPLES, SAMPLE_WEBP_WIDTHS, sampleWebp } from '../../core/samples';

/** The landing page's pictures: real renders by the built-in composer (see src/core/samples.ts). */
export const SAMPLE_IMAGES = LANDING_SAMPLES.map((sample) => ({
  src: sampleWebp(sample.src, 512),
  srcSet: SAMPLE_WEBP_WIDTHS.map((width) => `${sampleWebp(sample.src, width)} ${width}w`).join(', '),
  prompt: sample.prompt,
  theme: findTheme(sample.theme)?.label ?? sample.theme,
}));
