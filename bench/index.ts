// `npm run bench`: runs every benchmark in its own process (clean memory numbers) and prints
// their reports. `npm run bench -- composer gallery` runs only those.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const ALL = ['generation', 'fairness', 'composer', 'variants', 'bundle', 'gallery'];
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = wanted.length > 0 ? wanted : ALL;
let failed = 0;
for (const name of names) {
  const file = path.resolve('bench', `${name}.ts`);
  if (!existsSync(file)) {
    console.warn(`(no benchmark called ${name})`);
    continue;
  }
  console.info(`\n=== bench: ${name} ===`);
  const res = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', file], { stdio: 'inherit' });
  if (res.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
