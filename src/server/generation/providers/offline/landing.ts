// The four landing-page sample pictures, rendered by the composer at build time.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ThemeId } from '../../ports';
import { composeSvg, renderPng } from './compose';

export const LANDING_SAMPLES: { prompt: string; theme: ThemeId; seed: number }[] = [
  { prompt: 'cute fox in a forest', theme: 'default', seed: 7 },
  { prompt: 'rocket ship in space', theme: 'comic', seed: 3 },
  { prompt: 'happy pizza character', theme: 'watercolor', seed: 5 },
  { prompt: 'robot assistant', theme: 'pixel', seed: 2 },
];

/** Writes sample-1.png ... sample-4.png (512x512) into `outDir` and returns the file names. */
export async function renderLandingSamples(outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const names: string[] = [];
  for (const [i, sample] of LANDING_SAMPLES.entries()) {
    const { svg, renderScale } = composeSvg(sample);
    const png = await renderPng(svg, renderScale, 512);
    const name = `sample-${i + 1}.png`;
    await writeFile(join(outDir, name), png);
    names.push(name);
  }
  return names;
}
