// `npm run bench:load`: two web processes (WORKERS=0) and one worker on PostgreSQL, on loopback.
// 1. autocannon on the gallery and /api/me at 10, 50 and 200 connections (split over both web
//    processes): requests/s, p50/p99 latency, errors. Target: zero errors, p99 < 100 ms at 50.
// 2. 200 members submit one generation each, all at once, to a fake provider with a fixed latency:
//    pictures that come back transparent, and opaque ones (gpt-image-2) that go through our
//    background removal. Each kind runs first with a provider that answers at once (our own
//    ceiling, and what the machine sustains with thumbnails counted), then at 500 ms and 2 s, against
//    what 16 provider calls in flight allow. Jobs/s, queue wait, slot use and the CPU each process
//    spent. Target: throughput limited by the provider, not by us.
// `npm run bench:load -- http` or `-- generation` runs one part; BENCH_WORKER_SLOTS (16),
// BENCH_WORKER_PROCESSES (1), BENCH_MEMBERS (200) and BENCH_PROVIDER_MS (500,2000) change the set-up.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/server/db/client';
import { MAX_WAITING_THUMBNAILS } from '../src/server/image-files/thumbnails';
import { imageKeys } from '../src/server/storage/storage';
import { startFakeOpenAI } from '../tests/helpers/fake-openai';
import { createTestDatabase } from '../tests/helpers/postgres';
import { freePort, type ServerProcess, startServer, startWorker } from '../tests/helpers/process';
import { startFakeSmtp } from '../tests/helpers/smtp';
import { confirmSignUp } from './sign-up';
import { median, percentile, postgresCpuSeconds, processTreeCpuSeconds } from './stats';

const base =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
// Provider latencies to run at, after the ceiling run (real image models take 10–60 s).
const PROVIDER_LATENCIES_MS = (process.env.BENCH_PROVIDER_MS ?? '500,2000').split(',').map(Number);
const CORES = availableParallelism();
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const WORKER_SLOTS = Number(process.env.BENCH_WORKER_SLOTS ?? 16);
const parts = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const runs = (part: 'http' | 'generation') => parts.length === 0 || parts.includes(part);
const fresh = await createTestDatabase(base);
const fake = await startFakeOpenAI();
// Pictures go to a scratch folder, not the checkout's data/ that `npm start` uses.
const dataDir = mkdtempSync(path.join(tmpdir(), 'clipsmith-load-'));
// Production sends mail: a local SMTP server receives the confirmations.
const smtp = await startFakeSmtp();
const [portA, portB] = [await freePort(), await freePort()];
const env = {
  SMTP_URL: smtp.url,
  DATA_DIR: dataDir,
  DATABASE_URL: fresh.url,
  AUTH_SECRET: 'load-test-secret-load-test-secret-0123456',
  IMAGE_PROVIDER: 'openai',
  OPENAI_API_KEY: 'sk-load',
  OPENAI_BASE_URL: fake.url,
  RATE_LIMIT: 'false',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  MAIL_FROM: 'Clipsmith <no-reply@mail.example.com>',
  PUBLIC_URL: `http://localhost:${portA}`,
};
const started: ServerProcess[] = [];
/** Stops every process started so far and removes what the run made; at the end, or when one fails to start. */
async function shutDown() {
  for (const p of started) await p.stop('SIGTERM');
  await fake.close();
  await smtp.close();
  await fresh.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
const start = async (proc: Promise<ServerProcess>) => {
  try {
    const running = await proc;
    started.push(running);
    return running;
  } catch (error) {
    await shutDown();
    throw error;
  }
};
// Each web process trusts the address the bench calls it by (production requires PUBLIC_URL).
const webA = await start(startServer({ ...env, WORKERS: '0', PORT: String(portA) }));
const webB = await start(
  startServer({ ...env, WORKERS: '0', PORT: String(portB), PUBLIC_URL: `http://localhost:${portB}` }),
);
// The slots can be split over several worker processes to compare layouts (on this 2-core
// machine two processes of 8 did no better than one of 16).
const WORKER_PROCESSES = Number(process.env.BENCH_WORKER_PROCESSES ?? 1);
const workers: ServerProcess[] = [];
for (let i = 0; i < WORKER_PROCESSES; i++) {
  // BENCH_WORKER_NODE_OPTIONS reaches the workers only, e.g. `--import ./profiler.mjs`.
  const nodeOptions: Record<string, string> = process.env.BENCH_WORKER_NODE_OPTIONS
    ? { NODE_OPTIONS: process.env.BENCH_WORKER_NODE_OPTIONS }
    : {};
  const slots = String(WORKER_SLOTS / WORKER_PROCESSES);
  workers.push(await start(startWorker({ ...env, ...nodeOptions, WORKERS: slots })));
}
const db = await openDatabase({ kind: 'postgres', url: fresh.url, max: 4 });

async function signUp(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url.replace('127.0.0.1', 'localhost') },
    body: JSON.stringify({ email, password: 'load test password' }),
  });
  // Busy: every pooled connection stayed taken for the pool's wait. Tried again as asked.
  if (res.status === 503) {
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
    return signUp(url, email);
  }
  if (res.status !== 200) {
    const server = [webA, webB].find((w) => w.url === url);
    throw new Error(
      `sign-up of ${email} failed ${res.status}: ${await res.text()}\n${server?.output().slice(-3000) ?? ''}`,
    );
  }
  return confirmSignUp(db.db, email, (p) => fetch(`${url}${p}`));
}

const cpuSnapshot = () => {
  const bench = process.cpuUsage();
  return {
    worker: workers.reduce((sum, w) => sum + processTreeCpuSeconds(w.child.pid!), 0),
    web: processTreeCpuSeconds(webA.child.pid!) + processTreeCpuSeconds(webB.child.pid!),
    postgres: postgresCpuSeconds(),
    bench: (bench.user + bench.system) / 1e6,
  };
};

async function httpLoad() {
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
}

/**
 * Members who submit the generations: signed up once, their usage cleared per run, 20 at a time.
 * (Sign-up hashes the password before its transaction; when it hashed inside, 20 at once on a busy
 * 2-core machine held every pooled connection past the pool's wait and answered 500.)
 */
const SIGN_UPS_AT_ONCE = 20;
async function generationMembers(): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < MEMBERS; i += SIGN_UPS_AT_ONCE) {
    cookies.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(SIGN_UPS_AT_ONCE, MEMBERS - i) }, (_, j) =>
          signUp((i + j) % 2 ? webA.url : webB.url, `gen-${i + j}@example.com`),
        ),
      )),
    );
  }
  return cookies;
}

type GenerationRun = {
  jobsPerSecond: number;
  /** Time taken over the provider-bound ideal (0 when the provider answers at once). */
  overIdeal: number;
  /** CPU of every process (worker, web, PostgreSQL, bench) per job, thumbnails included. */
  cpuPerJobMs: number;
  /** Submissions not accepted (each is named in the run's report). */
  refused: number;
};

/** Every member submits one generation, all at once; the provider answers after `providerMs`. */
async function generationLoad(
  label: string,
  cookies: string[],
  opts: { alpha: boolean; providerMs: number },
): Promise<GenerationRun> {
  fake.reset();
  for (let i = 0; i < cookies.length; i++)
    fake.script('images', { image: 'b64', delayMs: opts.providerMs, alpha: opts.alpha });
  // A free member may make 3 pictures a month: each run starts them from zero.
  await db.db.execute(sql`delete from image_usage`);
  const [{ since }] = await queryRows<{ since: string }>(db.db, sql`select now()::text as since`);
  const mine = sql`created_at >= ${since}::timestamptz`;
  const cpuBefore = cpuSnapshot();
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
      }).then(async (r) => ({
        status: r.status,
        code: r.status === 202 ? '' : ((await r.json().catch(() => ({}))).error?.code ?? '?'),
      }));
    }),
  );
  const acceptedMs = performance.now() - started;
  const accepted = statuses.filter((s) => s.status === 202).length;
  // Anything not accepted is counted and named (a 503 "busy": no pooled connection within the
  // wait), never silently left out of the numbers.
  const refusals = new Map<string, number>();
  for (const { status, code } of statuses)
    if (status !== 202) refusals.set(`${status} ${code}`, (refusals.get(`${status} ${code}`) ?? 0) + 1);
  const refused = [...refusals].map(([what, n]) => `${n} × ${what}`).join(', ');
  let done = 0;
  while (performance.now() - started < 120_000) {
    const [row] = await queryRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from generations where status in ('succeeded', 'failed') and ${mine}`,
    );
    done = row.n;
    if (done >= accepted) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  // Thumbnails are made after the job, in the background; the CPU a job costs includes its own.
  const images = await queryRows<{ id: string }>(db.db, sql`select id from generated_images where ${mine}`);
  // Local storage keeps a key under DATA_DIR/images.
  const thumbnail = (id: string) => path.join(dataDir, 'images', imageKeys.thumb(id));
  // A process keeps at most MAX_WAITING_THUMBNAILS waiting; the rest are made at their first view,
  // so the wait ends when none has appeared for 5 s.
  let made = 0;
  let lastMadeAt = performance.now();
  while (performance.now() - started < 180_000 && performance.now() - lastMadeAt < 5_000) {
    const now = images.filter((i) => existsSync(thumbnail(i.id))).length;
    if (now !== made) {
      made = now;
      lastMadeAt = performance.now();
    }
    if (made === images.length) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const thumbnailsSeconds = (lastMadeAt - started) / 1000;
  const measuredSeconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuSnapshot();

  const jobs = await queryRows<{
    wait_ms: number;
    run_ms: number;
    failed: boolean;
    started_ms: number;
    created_ms: number;
    finished_ms: number;
  }>(
    db.db,
    sql`select extract(epoch from (started_at - created_at)) * 1000 as wait_ms,
      extract(epoch from (finished_at - started_at)) * 1000 as run_ms, status = 'failed' as failed,
      extract(epoch from (started_at - ${since}::timestamptz)) * 1000 as started_ms,
      extract(epoch from (created_at - ${since}::timestamptz)) * 1000 as created_ms,
      extract(epoch from (finished_at - ${since}::timestamptz)) * 1000 as finished_ms
      from generations where ${mine}`,
  );
  const runMs = jobs.map((j) => Number(j.run_ms));
  const waitMs = jobs.map((j) => Number(j.wait_ms));
  const failed = jobs.filter((j) => j.failed).length;
  const [span] = await queryRows<{ span_ms: number }>(
    db.db,
    sql`select extract(epoch from (max(finished_at) - min(started_at))) * 1000 as span_ms from generations where ${mine}`,
  );
  // Share of the slots' time spent inside a job, from the first claim to the last settle.
  const busy = runMs.reduce((a, b) => a + b, 0) / (WORKER_SLOTS * Number(span.span_ms));
  const used = (k: keyof typeof cpuAfter) => cpuAfter[k] - cpuBefore[k];
  const cpuTotal = (Object.keys(cpuAfter) as Array<keyof typeof cpuAfter>).reduce(
    (sum, k) => sum + used(k),
    0,
  );
  const jobsPerSecond = done / seconds;
  // Jobs cannot be split: n jobs on 16 slots take ceil(n / 16) provider rounds at best.
  const rounds = Math.ceil(accepted / WORKER_SLOTS);
  const ideal = (rounds * opts.providerMs) / 1000;
  const against =
    ideal > 0
      ? `; provider-bound ideal ${ideal.toFixed(1)} s (${rounds} rounds × ${opts.providerMs} ms): ${(seconds / ideal).toFixed(2)}× of it`
      : '';

  console.info(
    `\n${label}: ${cookies.length} members, one generation each, ${WORKER_SLOTS} worker slots in ${WORKER_PROCESSES} worker process${WORKER_PROCESSES > 1 ? 'es' : ''}`,
  );
  console.info(
    `  ${accepted} accepted${refused ? ` (refused: ${refused})` : ''} (all answered in ${acceptedMs.toFixed(0)} ms), ${done} finished, ${failed} failed, in ${seconds.toFixed(1)} s = ${jobsPerSecond.toFixed(1)} jobs/s${against}`,
  );
  console.info(
    `  job run (claim to settled, the provider's ${opts.providerMs} ms included): median ${median(runMs).toFixed(0)} ms, p95 ${percentile(runMs, 95).toFixed(0)} ms; slots busy ${(busy * 100).toFixed(0)}%; queue wait median ${median(waitMs).toFixed(0)} ms, p95 ${percentile(waitMs, 95).toFixed(0)} ms`,
  );
  // Jobs running in each half second: where the slots sat idle while jobs waited.
  const halves = Math.ceil(seconds * 2);
  const running = Array.from({ length: halves }, (_, i) => {
    const at = i * 500 + 250;
    return jobs.filter((j) => Number(j.started_ms) <= at && Number(j.finished_ms) > at).length;
  });
  const queued = Array.from({ length: halves }, (_, i) => {
    const at = i * 500 + 250;
    return jobs.filter((j) => Number(j.started_ms) > at).length;
  });
  const firstMs = (key: 'created_ms' | 'started_ms') => Math.min(...jobs.map((j) => Number(j[key])));
  console.info(
    `  first job row written ${firstMs('created_ms').toFixed(0)} ms after the burst began, first job started ${firstMs('started_ms').toFixed(0)} ms after`,
  );
  console.info(
    `  jobs running / not yet started, every 0.5 s: ${running.map((n, i) => `${n}/${queued[i]}`).join(' ')}`,
  );
  console.info(
    `  thumbnails: ${made} of ${images.length} made in the background (a process keeps at most ${MAX_WAITING_THUMBNAILS} waiting; the others are made at their first view), the last ${Math.max(0, thumbnailsSeconds - seconds).toFixed(1)} s after the last picture`,
  );
  console.info(
    `  CPU until then: worker ${used('worker').toFixed(1)} s (${((used('worker') / done) * 1000).toFixed(0)} ms a job), web ${used('web').toFixed(1)} s, PostgreSQL ${used('postgres').toFixed(1)} s, bench and fake provider ${used('bench').toFixed(1)} s: ${(cpuTotal / measuredSeconds).toFixed(2)} of ${CORES} cores busy`,
  );
  return {
    jobsPerSecond,
    overIdeal: ideal > 0 ? seconds / ideal : 0,
    cpuPerJobMs: (cpuTotal / done) * 1000,
    refused: cookies.length - accepted,
  };
}

/**
 * Is throughput limited by the provider or by us? First our own ceiling: the provider answers at
 * once, so the only limit is this machine. Then the provider at each latency: WORKER_SLOTS calls in
 * flight allow WORKER_SLOTS / latency jobs a second, and we should reach that while it stays below
 * what this machine sustains.
 */
async function generationParts() {
  const cookies = await generationMembers();
  const summary: string[] = [];
  for (const [kind, alpha] of [
    ['Transparent pictures', true],
    ['Opaque pictures (background removal runs)', false],
  ] as const) {
    const ceiling = await generationLoad(`${kind}, provider answering at once`, cookies, {
      alpha,
      providerMs: 0,
    });
    // With the thumbnails done later, a burst outruns what the machine can keep up.
    const sustained = CORES / (ceiling.cpuPerJobMs / 1000);
    summary.push(
      `${kind}: our ceiling ${ceiling.jobsPerSecond.toFixed(1)} jobs/s in a burst; ${CORES} cores sustain ${sustained.toFixed(0)} jobs/s (${ceiling.cpuPerJobMs.toFixed(0)} ms of CPU a job over all processes, thumbnail included)${ceiling.refused ? `; ${ceiling.refused} of ${cookies.length} refused` : ''}`,
    );
    for (const providerMs of PROVIDER_LATENCIES_MS) {
      const run = await generationLoad(`${kind}, provider at ${providerMs} ms`, cookies, {
        alpha,
        providerMs,
      });
      const allowed = WORKER_SLOTS / (providerMs / 1000);
      summary.push(
        `  provider at ${providerMs} ms allows ${allowed.toFixed(0)} jobs/s (${WORKER_SLOTS} calls in flight): ${run.jobsPerSecond.toFixed(1)} jobs/s, ${run.overIdeal.toFixed(2)}× the provider-bound ideal time${run.refused ? ` (of the accepted jobs; ${run.refused} of ${cookies.length} refused)` : ''}`,
      );
    }
  }
  console.info(`\n${summary.join('\n')}`);
}

try {
  if (runs('http')) await httpLoad();
  if (runs('generation')) await generationParts();
} finally {
  await db.close();
  await shutDown();
}
