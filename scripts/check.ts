// `npm run check`: the type check and the lint at once (they read the same files and share
// nothing), failing when either fails. The type check keeps its incremental state in
// node_modules/.cache (tsconfig.json), so a second run reads only what changed.
import { spawn } from 'node:child_process';

function run(label: string, cmd: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`${label}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const [types, lint] = await Promise.all([
  run('type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']),
  run('lint', 'npx', ['biome', 'check', '--error-on-warnings', '.']),
]);
if (types !== 0) console.error('check: the type check failed');
if (lint !== 0) console.error('check: the lint failed');
process.exit(types === 0 && lint === 0 ? 0 : 1);
