// `npm run build`: the composer's word and art index into dist/composer, the React app into
// dist/web, the public pages that look the same to every visitor prerendered to HTML
// (dist/web/prerendered, see scripts/prerender.ts), the sample pictures (landing page, theme tiles) rendered by the composer, and brotli
// and gzip copies of the text assets beside them (not of the HTML, which is compressed as it is served).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Sharp } from 'sharp';
import type { SampleFormat } from '../src/core/samples';
import { ensureComposerIndex } from './composer-index/build';
import { precompressDir } from './precompress';
import { prerenderPages } from './prerender';

ensureComposerIndex();

const vite = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (vite.status !== 0) process.exit(vite.status ?? 1);

const pages = await prerenderPages(path.resolve('dist/web'));
console.info(`Prerendered ${pages.length} pages to HTML.`);

mkdirSync(path.resolve('dist/web/samples'), { recursive: true });
const { renderSample } = await import('../src/composer');
const { LANDING_SAMPLES, SAMPLE_FORMATS, SAMPLE_WIDTHS, sampleCopy, themeSample } = await import(
  '../src/core/samples'
);
const { THEME_IDS } = await import('../src/core/options');
const samples = [
  ...LANDING_SAMPLES.map((sample) => ({ sample, size: 512 })),
  ...THEME_IDS.map((theme) => ({ sample: themeSample(theme), size: 192 })),
];
// public/samples keeps the same renders for `vite` dev; --samples refreshes them there too.
const dirs = process.argv.includes('--samples') ? ['dist/web', 'public'] : ['dist/web'];
const { default: sharp } = await import('sharp');
// AVIF at quality 60 looks the same as the WebP at 82 on these pictures (pixel art included), at
// about half the bytes.
const SAMPLE_ENCODERS: Record<SampleFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 60, effort: 6 }),
  webp: (image) => image.webp({ quality: 82, alphaQuality: 90 }),
};
for (const { sample, size } of samples) {
  const png = await renderSample(sample, size);
  for (const dir of dirs) writeFileSync(path.join(dir, sample.src), png);
  if (!LANDING_SAMPLES.includes(sample)) continue;
  // The landing page's first screen: small AVIF and WebP copies for its <picture>'s srcsets.
  for (const width of SAMPLE_WIDTHS)
    for (const format of SAMPLE_FORMATS) {
      const bytes = await SAMPLE_ENCODERS[format](sharp(png).resize(width, width)).toBuffer();
      for (const dir of dirs) writeFileSync(path.join(dir, sampleCopy(sample.src, width, format)), bytes);
    }
}
console.info(`Rendered ${samples.length} sample pictures with the built-in clipart composer.`);

const packed = precompressDir(path.resolve('dist/web'));
console.info(
  `Precompressed ${packed.files} text assets: ${(packed.raw / 1024).toFixed(0)} KB raw, ${(packed.brotli / 1024).toFixed(0)} KB brotli.`,
);
