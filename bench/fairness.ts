// One member cannot starve the others (issue 35): a Free member's picture, end to end (POST →
// succeeded on the progress stream), alone and while an Enterprise member floods the queue (60
// requests of 4 pictures at once, then asking again as soon as room opens). Before issue 35 the
// flood queued 240 jobs and a Free picture went from 0.6 s to 19 s.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import type { ImageProvider } from '../src/server/generation/ports';
import { silentLogger } from '../src/server/logger';
import { createRuntime } from '../src/server/runtime';
import { confirmSignUp } from './sign-up';
import { fmt, median } from './stats';

const PROVIDER_MS = 200;
const WORKERS = 4;
const SAMPLES = 10;
const ORIGIN = 'http://localhost:3000';
const png = await sharp({ create: { width: 1024, height: 1024, channels: 4, background: '#0ea5e9' } })
  .png()
  .toBuffer();
const provider: ImageProvider = {
  name: 'fixed-latency',
  model: 'bench',
  async generateImage() {
    await new Promise((r) => setTimeout(r, PROVIDER_MS));
    return { png, provider: 'fixed-latency', model: 'bench', transparent: true } as never;
  },
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  // The open-job limit is what this measures, not the per-minute request limit.
  RATE_LIMIT: 'false',
  WORKERS: String(WORKERS),
  PUBLIC_URL: ORIGIN,
  NODE_ENV: 'test',
});
const runtime = await createRuntime(config, {
  logger: silentLogger,
  imageProvider: provider,
  database: await openDatabase({ kind: 'pglite-memory' }),
  background: false,
});
const request = (p: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) => {
  const headers = new Headers(init.headers);
  headers.set('origin', ORIGIN);
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  return runtime.app.request(`${ORIGIN}${p}`, { ...init, headers, body });
};

let members = 0;
async function member(tier: 'free' | 'enterprise') {
  const email = `fair${++members}-${Date.now()}@example.com`;
  await request('/api/auth/sign-up/email', {
    method: 'POST',
    json: { email, password: 'bench password 1' },
  });
  const cookie = await confirmSignUp(runtime.deps.database.db, email, (p) => request(p));
  await runtime.deps.database.db.execute(
    sql`update memberships set tier = ${tier} where user_id = (select id from "user" where email = ${email})`,
  );
  return cookie;
}

/** A new Free member's one picture, POST to the stream's end, in ms. */
async function freePicture(): Promise<number> {
  const cookie = await member('free');
  const started = performance.now();
  const res = await request('/api/generations', { method: 'POST', cookie, json: { prompt: 'a lighthouse' } });
  if (res.status !== 202) throw new Error(`POST failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const text = await (await request(`/api/generations/${id}/events`, { cookie })).text();
  if (!text.includes('"succeeded"')) throw new Error(`generation did not succeed: ${text.slice(-300)}`);
  return performance.now() - started;
}

async function samples(): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) times.push(await freePicture());
  return times;
}

const alone = await samples();

const flooder = await member('enterprise');
const counts = { accepted: 0, refused: 0 };
let flooding = true;
const ask = async () => {
  const res = await request('/api/generations', {
    method: 'POST',
    cookie: flooder,
    json: { prompt: 'a flood of parrots', count: 4 },
  });
  if (res.status === 202) counts.accepted += 4;
  else if (res.status === 429) counts.refused++;
  else throw new Error(`flood POST: ${res.status} ${await res.text()}`);
  await res.body?.cancel();
};
// 60 requests at once, as the red team did; then one request after another for as long as we measure.
await Promise.all(Array.from({ length: 60 }, ask));
const keepFlooding = (async () => {
  while (flooding) {
    await ask();
    await new Promise((r) => setTimeout(r, 20));
  }
})();
const during = await samples();
flooding = false;
await keepFlooding;
await runtime.deps.jobs.idle();

console.info(
  `provider latency ${PROVIDER_MS} ms, ${WORKERS} worker slots; a Free member's picture, ${SAMPLES} samples each`,
);
console.info(`  alone: median ${fmt(median(alone))}, max ${fmt(Math.max(...alone))}`);
console.info(
  `  during an Enterprise flood: median ${fmt(median(during))}, max ${fmt(Math.max(...during))} (the flood: ${counts.accepted} pictures queued, ${counts.refused} requests refused at its open-job limit)`,
);
await runtime.close();
rmSync(dataDir, { recursive: true, force: true });
