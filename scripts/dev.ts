// `npm run dev`: the API in watch mode on :3000 and Vite with hot reload on :5173 (proxying the API).
import { type ChildProcess, spawn } from 'node:child_process';

const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
console.info('Open http://localhost:5173 (hot reload). The API runs on http://localhost:3000.');

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
