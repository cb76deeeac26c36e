// `npm run build`: the React app into dist/web, plus the landing samples rendered by the composer.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const vite = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (vite.status !== 0) process.exit(vite.status ?? 1);

const outDir = path.resolve('dist/web/samples');
mkdirSync(outDir, { recursive: true });
const { renderLandingSamples } = await import('../src/server/generation/providers/offline');
const files = await renderLandingSamples(outDir);
console.info(`Rendered ${files.length} landing samples with the built-in clipart composer.`);
