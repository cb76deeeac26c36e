import { findTheme } from '../../core/options';
import { LANDING_SAMPLES, SAMPLE_WIDTHS, type SampleFormat, sampleCopy } from '../../core/samples';

const srcSet = (src: string, format: SampleFormat) =>
  SAMPLE_WIDTHS.map((width) => `${sampleCopy(src, width, format)} ${width}w`).join(', ');

/** The landing page's pictures: real renders by the built-in composer (see src/core/samples.ts). */
export const SAMPLE_IMAGES = LANDING_SAMPLES.map((sample) => ({
  src: sampleCopy(sample.src, 512, 'webp'),
  avifSrcSet: srcSet(sample.src, 'avif'),
  webpSrcSet: srcSet(sample.src, 'webp'),
  prompt: sample.prompt,
  theme: findTheme(sample.theme)?.label ?? sample.theme,
}));
