import { findTheme } from '../../core/options';
import { LANDING_SAMPLES } from '../../core/samples';

/** The landing page's pictures: real renders by the built-in composer (see src/core/samples.ts). */
export const SAMPLE_IMAGES = LANDING_SAMPLES.map((sample) => ({
  src: sample.src,
  prompt: sample.prompt,
  theme: findTheme(sample.theme)?.label ?? sample.theme,
}));
