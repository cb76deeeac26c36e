// `npm run build`: the composer's word and art index into dist/composer, the React app into
// dist/web, the public pages that look the same to every visitor prerendered to HTML
// (dist/web/prerendered, see scripts/prerender.ts), the sample pictures (landing page, theme tiles) rendered by the composer, and brotli
// and gzip copies of the text assets beside them (not of the HTML, which is compressed as it is served).
// Each step is skipped when its inputs hash as they did when it last succeeded (scripts/build-cache.ts):
// a second `npm start` with no change serves at once; `--force` rebuilds everything.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Sharp } from 'sharp';
import type { SampleFormat } from '../src/core/samples';
import { type BuildStep, runBuild } from './build-cache';
import { ensureComposerIndex } from './composer-index/build';
import { precompressDir } from './precompress';
import { prerenderPages } from './prerender';

const force = process.argv.includes('--force');
// public/samples keeps the same renders for `vite` dev; --samples refreshes them there too.
const refreshPublicSamples = process.argv.includes('--samples');
const WEB_DIR = 'dist/web';

const { LANDING_SAMPLES, SAMPLE_FORMATS, SAMPLE_WIDTHS, sampleCopy, themeSample } = await import(
  '../src/core/samples'
);
const { THEME_IDS } = await import('../src/core/options');
const samples = [
  ...LANDING_SAMPLES.map((sample) => ({ sample, size: 512 })),
  ...THEME_IDS.map((theme) => ({ sample: themeSample(theme), size: 192 })),
];

async function renderSamples(): Promise<string> {
  const dirs = refreshPublicSamples ? [WEB_DIR, 'public'] : [WEB_DIR];
  mkdirSync(path.resolve(WEB_DIR, 'samples'), { recursive: true });
  const { renderSample } = await import('../src/composer');
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
  return `${samples.length} pictures rendered by the built-in clipart composer`;
}

const steps: BuildStep[] = [
  {
    id: 'composer-index',
    title: "the composer's word and art index",
    // It keeps its own fingerprint of its sources (scripts/composer-index/build.ts).
    inputs: ['scripts/composer-index', 'src/composer/index-file.ts', 'package-lock.json'],
    outputs: ['dist/composer/fingerprint.txt'],
    run: () => (ensureComposerIndex(undefined, { force }) === 'current' ? 'already current' : 'built'),
  },
  {
    id: 'web',
    title: 'the web app (Vite bundle, prerendered pages, compressed copies)',
    inputs: [
      'src/web',
      'src/core',
      'public',
      'index.html',
      'vite.config.ts',
      'tsconfig.json',
      'package-lock.json',
      'scripts/prerender.ts',
      'scripts/precompress.ts',
    ],
    outputs: [`${WEB_DIR}/index.html`, `${WEB_DIR}/prerendered`],
    async run() {
      const vite = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
      if (vite.status !== 0) process.exit(vite.status ?? 1);
      const pages = await prerenderPages(path.resolve(WEB_DIR));
      const packed = precompressDir(path.resolve(WEB_DIR));
      return `${pages.length} pages prerendered, ${packed.files} assets compressed (${(packed.brotli / 1024).toFixed(0)} KB brotli)`;
    },
  },
  {
    id: 'samples',
    title: 'the sample pictures (landing page, theme tiles)',
    inputs: [
      'src/composer',
      'src/core',
      'src/imaging',
      'src/server/generation',
      'dist/composer/fingerprint.txt',
      'package-lock.json',
      'scripts/build.ts',
    ],
    // The web step empties dist/web: its samples are then missing and made again.
    outputs: samples.map(({ sample }) => path.join(WEB_DIR, sample.src)),
    extra: () => (refreshPublicSamples ? `public:${Date.now()}` : ''),
    run: renderSamples,
  },
];

console.info('Checking the build (dist/build-manifest.json)…');
await runBuild(steps, {
  root: process.cwd(),
  manifestFile: path.resolve('dist/build-manifest.json'),
  force,
  firstBuildNote: 'Building the web app (the first start takes about a minute)…',
});
