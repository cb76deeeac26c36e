// `npm run bench:load`: two web processes (WORKERS=0) and one worker on PostgreSQL, on loopback.
// 1. autocannon on the gallery and /api/me at 10, 50 and 200 connections (split over both web
//    processes): requests/s, p50/p99 latency, errors.
// 2. 200 members submit one generation each against a fake provider with a fixed 500 ms latency:
//    jobs/s and queue wait. Targets: zero errors; p99 < 100 ms at 50 connections.
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/server/db/client';
import { startFakeOpenAI } from '../tests/helpers/fake-openai';
import { createTestDatabase } from '../tests/helpers/postgres';
import { type ServerProcess, startServer, startWorker } from '../tests/helpers/process';
import { median, percentile } from './stats';

const base =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const PROVIDER_MS = 500;
const WORKER_SLOTS = Number(process.env.BENCH_WORKER_SLOTS ?? 16);
const fresh = await createTestDatabase(base);
const fake = await startFakeOpenAI();
// Every image request answers after the same fixed delay.
for (let i = 0; i < 400; i++) fake.script('images', { image: 'b64', delayMs: PROVIDER_MS });
const env = {
  DATABASE_URL: fresh.url,
  AUTH_SECRET: 'load-test-secret-load-test-secret-0123456',
  IMAGE_PROVIDER: 'openai',
  OPENAI_API_KEY: 'sk-load',
  OPENAI_BASE_URL: fake.url,
  RATE_LIMIT: 'false',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
};
// A process that fails to start must not leave the others running.
const started: ServerProcess[] = [];
const start = async (proc: Promise<ServerProcess>) => {
  try {
    const running = await proc;
    started.push(running);
    return running;
  } catch (error) {
    for (const p of started) await p.stop('SIGTERM');
    await fake.close();
    await fresh.drop();
    throw error;
  }
};
const webA = await start(startServer({ ...env, WORKERS: '0' }));
const webB = await start(startServer({ ...env, WORKERS: '0' }));
const worker = await start(startWorker({ ...env, WORKERS: String(WORKER_SLOTS) }));
const db = await openDatabase({ kind: 'postgres', url: fresh.url, max: 4 });

async function signUp(url: string, email: string) {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url.replace('127.0.0.1', 'localhost') },
    body: JSON.stringify({ email, password: 'load test password' }),
  });
  if (res.status !== 200) throw new Error(`sign-up failed ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

try {
  const cookie = await signUp(webA.url, 'load@example.com');
  // A gallery worth paging: 5,000 public images from one owner.
  await db.db.execute(sql`insert into generated_images (user_id, prompt, final_prompt, theme, quality, privacy, provider, model, width, height, created_at)
    select u.id, 'load image ' || g, 'load image ' || g, 'default', 'low', 'public', 'bench', 'bench', 1024, 1024, now() - (g || ' seconds')::interval
    from generate_series(1, 5000) g, "user" u where u.email = 'load@example.com'`);
  await db.db.execute(sql`analyze generated_images`);

  console.info('endpoint      conns   req/s    p50      p99    errors');
  for (const path of ['/api/gallery', '/api/me']) {
    for (const connections of [10, 50, 200]) {
      const run = (url: string) =>
        autocannon({
          url: `${url}${path}`,
          connections: connections / 2,
          duration: 8,
          headers: { cookie, origin: url.replace('127.0.0.1', 'localhost') },
        });
      const [a, b] = await Promise.all([run(webA.url), run(webB.url)]);
      const rps = a.requests.average + b.requests.average;
      const p50 = Math.max(a.latency.p50, b.latency.p50);
      const p99 = Math.max(a.latency.p99, b.latency.p99);
      const errors = a.errors + b.errors + a.non2xx + b.non2xx + a.timeouts + b.timeouts;
      console.info(
        `${path.padEnd(13)} ${String(connections).padStart(5)} ${rps.toFixed(0).padStart(7)} ${`${p50} ms`.padStart(7)} ${`${p99} ms`.padStart(8)} ${String(errors).padStart(7)}`,
      );
    }
  }

  // 200 members, one generation each, all at once.
  const MEMBERS = 200;
  const cookies: string[] = [];
  for (let i = 0; i < MEMBERS; i += 20) {
    cookies.push(
      ...(await Promise.all(
        Array.from({ length: 20 }, (_, j) => signUp(i % 40 ? webA.url : webB.url, `gen${i + j}@example.com`)),
      )),
    );
  }
  const started = performance.now();
  const statuses = await Promise.all(
    cookies.map((c, i) => {
      const url = i % 2 ? webA.url : webB.url;
      return fetch(`${url}/api/generations`, {
        method: 'POST',
        headers: {
          cookie: c,
          'content-type': 'application/json',
          origin: url.replace('127.0.0.1', 'localhost'),
        },
        body: JSON.stringify({ prompt: `load test picture ${i}` }),
      }).then((r) => r.status);
    }),
  );
  const accepted = statuses.filter((s) => s === 202).length;
  let done = 0;
  while (performance.now() - started < 120_000) {
    const [row] = await queryRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from generations where status in ('succeeded', 'failed')`,
    );
    done = row.n;
    if (done >= accepted) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  const waits = await queryRows<{ wait_ms: number; run_ms: number; failed: boolean }>(
    db.db,
    sql`select extract(epoch from (started_at - created_at)) * 1000 as wait_ms,
      extract(epoch from (finished_at - started_at)) * 1000 as run_ms, status = 'failed' as failed
      from generations`,
  );
  const runMs = waits.map((w) => Number(w.run_ms));
  const waitMs = waits.map((w) => Number(w.wait_ms));
  const failed = waits.filter((w) => w.failed).length;
  const ideal = MEMBERS / (WORKER_SLOTS * (1000 / PROVIDER_MS));
  console.info(
    `\n${MEMBERS} members, one generation each: ${accepted} accepted, ${done} finished (${failed} failed) in ${seconds.toFixed(1)} s = ${(done / seconds).toFixed(1)} jobs/s`,
  );
  console.info(
    `job run (claim to settled, provider ${PROVIDER_MS} ms included): median ${median(runMs).toFixed(0)} ms, p95 ${percentile(runMs, 95).toFixed(0)} ms`,
  );
  console.info(
    `queue wait: median ${median(waitMs).toFixed(0)} ms, p95 ${percentile(waitMs, 95).toFixed(0)} ms; provider-bound ideal with ${WORKER_SLOTS} worker slots × ${PROVIDER_MS} ms: ${ideal.toFixed(1)} s (${(seconds / ideal).toFixed(2)}× of ideal)`,
  );
} finally {
  await worker.stop('SIGTERM');
  await webA.stop('SIGTERM');
  await webB.stop('SIGTERM');
  await db.close();
  await fake.close();
  await fresh.drop();
}
