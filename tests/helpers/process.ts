// Starts the real server as a child process, as `npm start` would (without the build step).
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export function runServer(env: Record<string, string>, script = 'src/server/main.ts') {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

export async function startServer(env: Record<string, string>, script?: string): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const proc = runServer({ PORT: String(port), ...env }, script);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  let exitCode: number | null | undefined;
  void proc.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`server exited with ${exitCode}:\n${proc.output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  if (Date.now() >= deadline) {
    proc.child.kill('SIGKILL');
    throw new Error(`server did not become healthy:\n${proc.output()}`);
  }
  return {
    ...proc,
    url,
    async stop(signal = 'SIGTERM') {
      if (proc.child.exitCode !== null) return proc.child.exitCode;
      proc.child.kill(signal);
      return proc.exited;
    },
  };
}

/** Starts `npm run worker` and waits for its start-up line (a worker has no HTTP). */
export async function startWorker(env: Record<string, string>): Promise<ServerProcess> {
  const proc = runServer({ ...env, LOG_LEVEL: 'info' }, 'src/server/worker.ts');
  const deadline = Date.now() + 60_000;
  while (!proc.output().includes('generation worker started')) {
    if (proc.child.exitCode !== null)
      throw new Error(`worker exited with ${proc.child.exitCode}:\n${proc.output()}`);
    if (Date.now() > deadline) {
      proc.child.kill('SIGKILL');
      throw new Error(`worker did not start:\n${proc.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    ...proc,
    url: '',
    async stop(signal = 'SIGTERM') {
      if (proc.child.exitCode !== null) return proc.child.exitCode;
      proc.child.kill(signal);
      return proc.exited;
    },
  };
}
