// Server overhead per generation: end-to-end time (POST → succeeded, via the real app) minus the
// provider's fixed latency, for 1 and 8 concurrent members. Target: median under 50 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import type { ImageProvider } from '../src/server/generation/ports';
import { silentLogger } from '../src/server/logger';
import { createRuntime } from '../src/server/runtime';
import { confirmSignUp } from './sign-up';
import { cpuSeconds, fmt, median, percentile, postgresCpuSeconds, processTreeCpuSeconds } from './stats';

const PROVIDER_MS = 200;
const ORIGIN = 'http://localhost:3000';
const png = await sharp(
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><circle cx="512" cy="512" r="300" fill="#0ea5e9"/></svg>',
  ),
)
  .png()
  .toBuffer();
// When the provider was called and when it answered, by prompt (each generation has its own).
const providerCalls = new Map<string, { calledAt: number; answeredAt: number }>();
const provider: ImageProvider = {
  name: 'fixed-latency',
  model: 'bench',
  async generateImage(input) {
    const calledAt = performance.now();
    await new Promise((r) => setTimeout(r, PROVIDER_MS));
    providerCalls.set(input.userPrompt, { calledAt, answeredAt: performance.now() });
    return { png, provider: 'fixed-latency', model: 'bench', transparent: true } as never;
  },
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-bench-'));
const engine = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  RATE_LIMIT: 'false',
  WORKERS: '8',
  PUBLIC_URL: ORIGIN,
  NODE_ENV: 'test',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const database = engine === 'postgres' ? undefined : await openDatabase({ kind: 'pglite-memory' });
const runtime = await createRuntime(config, {
  logger: silentLogger,
  imageProvider: provider,
  database,
  background: false,
});
const request = (p: string, init: RequestInit & { cookie?: string } = {}) => {
  const headers = new Headers(init.headers);
  headers.set('origin', ORIGIN);
  if (init.cookie) headers.set('cookie', init.cookie);
  return runtime.app.request(`${ORIGIN}${p}`, { ...init, headers });
};

async function member(i: number) {
  const email = `bench${i}-${Date.now()}@example.com`;
  await request('/api/auth/sign-up/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench password 1' }),
  });
  const cookie = await confirmSignUp(runtime.deps.database.db, email, (p) => request(p));
  // Enterprise: never limited, so the bench measures the pipeline, not refusals.
  await runtime.deps.database.db.execute(
    (await import('drizzle-orm'))
      .sql`update memberships set tier = 'enterprise' where user_id = (select id from "user" order by created_at desc limit 1)`,
  );
  return cookie;
}

/** Where one generation's overhead went: the POST, the wait for the provider call, and after it. */
type Phases = { total: number; post: number; toProvider: number; afterProvider: number };
let serial = 0;

async function oneGeneration(cookie: string): Promise<Phases> {
  const prompt = `a cheerful lighthouse number ${++serial}`;
  const started = performance.now();
  const res = await request('/api/generations', {
    method: 'POST',
    cookie,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prompt }),
  });
  if (res.status !== 202) throw new Error(`POST failed: ${res.status} ${await res.text()}`);
  const posted = performance.now();
  const { id } = await res.json();
  // Follow the SSE stream as the UI does.
  const stream = await request(`/api/generations/${id}/events`, { cookie });
  const text = await stream.text();
  const ended = performance.now();
  if (!text.includes('"succeeded"')) throw new Error(`generation did not succeed: ${text.slice(-300)}`);
  const call = providerCalls.get(prompt);
  if (!call) throw new Error(`the provider was not called for "${prompt}"`);
  return {
    total: ended - started - PROVIDER_MS,
    post: posted - started,
    toProvider: call.calledAt - posted,
    afterProvider: ended - call.answeredAt,
  };
}

/** BENCH_PROFILE=<folder>: a CPU profile of the measured rounds (not sign-up or warm-up) per run. */
async function startProfile() {
  const folder = process.env.BENCH_PROFILE;
  if (!folder) return { async stop(_name: string) {} };
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(name: string) {
      const { profile } = await session.post('Profiler.stop');
      const { mkdirSync, writeFileSync } = await import('node:fs');
      mkdirSync(folder, { recursive: true });
      const file = path.join(folder, `${name}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      console.info(`  CPU profile of the measured rounds: ${file}`);
    },
  };
}

console.info(`engine: ${engine}; provider latency fixed at ${PROVIDER_MS} ms`);
for (const users of [1, 8]) {
  const cookies: string[] = [];
  for (let i = 0; i < users; i++) cookies.push(await member(users * 100 + i));
  await Promise.all(cookies.map((c) => oneGeneration(c))); // warm-up
  const phases: Phases[] = [];
  const rounds = users === 1 ? 30 : 8;
  const profile = await startProfile();
  // CPU per generation is steadier than time on a shared machine: it shows a change under noise.
  const cpuBefore = process.cpuUsage();
  const childrenCpu = () => processTreeCpuSeconds(process.pid) - cpuSeconds(process.pid);
  const thumbnailsBefore = childrenCpu();
  const postgresBefore = engine === 'postgres' ? postgresCpuSeconds() : 0;
  for (let r = 0; r < rounds; r++) phases.push(...(await Promise.all(cookies.map((c) => oneGeneration(c)))));
  const cpu = process.cpuUsage(cpuBefore);
  const postgresMs = engine === 'postgres' ? (postgresCpuSeconds() - postgresBefore) * 1000 : 0;
  // The thumbnails are made at the lowest priority, after the pictures: counted once they exist.
  await runtime.deps.thumbnails.drain();
  const thumbnailsMs = (childrenCpu() - thumbnailsBefore) * 1000;
  await profile.stop(`generation-${engine}-${users}`);
  const overheads = phases.map((p) => p.total);
  const part = (key: keyof Phases) => fmt(median(phases.map((p) => p[key])));
  console.info(
    `${users} concurrent: overhead median ${fmt(median(overheads))}, p95 ${fmt(percentile(overheads, 95))} over ${overheads.length} generations (target: median < 50 ms)`,
  );
  console.info(
    `  medians by phase: POST ${part('post')}, POST answered → provider called ${part('toProvider')}, provider answered → stream ended ${part('afterProvider')}`,
  );
  const perJob = (ms: number) => fmt(ms / phases.length);
  console.info(
    `  CPU per generation: this process ${perJob((cpu.user + cpu.system) / 1000)}${engine === 'postgres' ? `, PostgreSQL ${perJob(postgresMs)}` : ' (the embedded database included)'}, thumbnail (low-priority process) ${perJob(thumbnailsMs)}`,
  );
}
await runtime.close();
rmSync(dataDir, { recursive: true, force: true });
