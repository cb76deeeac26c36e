// `npm run build`: the React app into dist/web, plus the landing samples rendered by the composer.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const vite = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (vite.status !== 0) process.exit(vite.status ?? 1);

const outDir = path.resolve('dist/web/samples');
mkdirSync(outDir, { recursive: true });
const { renderSample } = await import('../src/composer');
const { LANDING_SAMPLES } = await import('../src/core/samples');
for (const sample of LANDING_SAMPLES) {
  writeFileSync(path.join('dist/web', sample.src), await renderSample(sample));
}
console.info(`Rendered ${LANDING_SAMPLES.length} landing samples with the built-in clipart composer.`);
