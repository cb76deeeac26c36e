/**
 * The four pictures on the landing page: real renders by the built-in clipart composer of these
 * prompts (src/server/generation/providers/offline/landing.ts). `npm run build` re-renders them into
 * dist/web/samples; the copies in public/samples are the same renders, so `vite` dev shows them too.
 * Keep the prompts here in step with LANDING_SAMPLES.
 */
export const SAMPLE_IMAGES = [
  { src: '/samples/sample-1.png', prompt: 'Cute fox in a forest', theme: 'Default Style' },
  { src: '/samples/sample-2.png', prompt: 'Rocket ship in space', theme: 'Comic Book' },
  { src: '/samples/sample-3.png', prompt: 'Happy pizza character', theme: 'Watercolor' },
  { src: '/samples/sample-4.png', prompt: 'Robot assistant', theme: 'Pixel Art' },
] as const;
