// Gallery and history benchmark: 100,000 public images across 1,000 members, then the API pages
// timed through the real app (session lookup included), on PGlite and, when a server is given,
// on PostgreSQL. Prints median and p95 per request against the targets and the plans' index use.
//   node --import tsx bench/gallery.ts
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/gallery.ts
// (TEST_DATABASE_URL works too; a temporary database is created on that server and dropped.)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { seedGalleryBench } from '../scripts/seed-bench';
import { loadConfig } from '../src/server/config';
import { type DatabaseHandle, openDatabase, queryRows } from '../src/server/db/client';
import {
  encodeCursor,
  galleryQuery,
  historyQuery,
  listGallery,
  listHistory,
  recentImages,
} from '../src/server/gallery/list-images';
import { silentLogger } from '../src/server/logger';
import { createRuntime } from '../src/server/runtime';
import { confirmSignUp } from './sign-up';

const ORIGIN = 'http://localhost:3000';
const WARMUP = 20;
const RUNS = 150;
const TARGET_P95_MS = { pglite: 60, postgres: 20 } as const;

type Engine = keyof typeof TARGET_P95_MS;
type Timing = { medianMs: number; p95Ms: number };
type Row = { engine: Engine; name: string; http: Timing; query: Timing; target: number | null; plan: string };

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

async function time(task: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < WARMUP; i++) await task();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await task();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { medianMs: quantile(times, 0.5), p95Ms: quantile(times, 0.95) };
}

async function tempPostgres(baseUrl: string) {
  const admin = (url: string) => {
    const u = new URL(url);
    u.pathname = '/postgres';
    return u.toString();
  };
  const name = `clipsmith_bench_${process.pid}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin(baseUrl) });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** Which index (or seq scan) the plan of a query reads generated_images with. */
async function planSummary(handle: DatabaseHandle, query: { getSQL(): ReturnType<typeof sql> }) {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(handle.db, sql`explain ${query}`);
  const nodes = rows
    .map((r) => r['QUERY PLAN'])
    .filter((line) => /generated_images/.test(line) && /Scan/.test(line))
    .map((line) =>
      line
        .replace(/\s*\(cost=.*$/, '')
        .replace(/^[\s->]+/, '')
        .replace(/ on generated_images.*$/, ''),
    );
  return nodes.join(' + ') || 'no scan on generated_images';
}

async function benchEngine(engine: Engine, handle: DatabaseHandle): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'false',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  });
  const runtime = await createRuntime(config, { logger: silentLogger, database: handle, background: false });
  try {
    const request = (p: string, cookie?: string) =>
      runtime.app.request(`${ORIGIN}${p}`, { headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });
    const signUp = await runtime.app.request(`${ORIGIN}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'correct horse battery' }),
    });
    if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status}`);
    const cookie = await confirmSignUp(handle.db, 'bench@example.com', (p) => request(p));
    const [{ id: me }] = await queryRows<{ id: string }>(
      handle.db,
      sql`select id from "user" where email = 'bench@example.com'`,
    );

    const started = performance.now();
    const seeded = await seedGalleryBench(handle.db);
    // The bench member owns one bench user's images (100 of them): 7 history pages.
    await handle.db.execute(sql`update generated_images set user_id = ${me} where user_id = 'bench-user-1'`);
    await handle.db.execute(sql`analyze generated_images`);
    const seedSeconds = (performance.now() - started) / 1000;
    console.info(
      `${engine}: seeded ${seeded.images} images for ${seeded.users} users in ${seedSeconds.toFixed(1)} s`,
    );

    const [deep] = await queryRows<{ at: string; id: string }>(
      handle.db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id::text as id
          from generated_images where privacy = 'public'
          order by created_at desc nulls last, id desc nulls last offset 90000 limit 1`,
    );
    const deepCursor = encodeCursor({ createdAt: deep.at, id: deep.id });
    const db = handle.db;
    const galleryPage = (q: Partial<Parameters<typeof galleryQuery>[1]>) => ({
      limit: 24,
      sort: 'newest' as const,
      q: undefined,
      ...q,
    });
    const gallery = (name: string, path: string, q: Parameters<typeof galleryPage>[0], target = true) => ({
      name,
      path,
      target,
      service: () => listGallery({ db, query: galleryPage(q) }),
      plan: () => planSummary(handle, galleryQuery(db, galleryPage(q))),
    });
    const history = (name: string, path: string, page: number) => ({
      name,
      path,
      target: true,
      service: () => listHistory({ db, userId: me, page }),
      plan: () => planSummary(handle, historyQuery(db, { userId: me, limit: 15, offset: (page - 1) * 15 })),
    });
    const cases = [
      gallery('gallery first page', '/api/gallery', {}),
      gallery('gallery deep page (90,000 in)', `/api/gallery?cursor=${deepCursor}`, { cursor: deepCursor }),
      gallery('gallery oldest first page', '/api/gallery?sort=oldest', { sort: 'oldest' }),
      gallery('gallery oldest deep page', `/api/gallery?sort=oldest&cursor=${deepCursor}`, {
        sort: 'oldest',
        cursor: deepCursor,
      }),
      gallery('gallery search "dragon" (5%)', '/api/gallery?q=dragon', { q: 'dragon' }, false),
      gallery(
        'gallery search "sleepy whale bea"',
        '/api/gallery?q=sleepy%20whale%20bea',
        { q: 'sleepy whale bea' },
        false,
      ),
      history('history page 1', '/api/history', 1),
      history('history page 7 (last)', '/api/history?page=7', 7),
      {
        name: 'dashboard recent images',
        path: '/api/images/recent',
        target: true,
        service: () => recentImages({ db, userId: me }),
        plan: () => planSummary(handle, historyQuery(db, { userId: me, limit: 8, offset: 0 })),
      },
    ];

    const rows: Row[] = [];
    for (const c of cases) {
      const http = await time(async () => {
        const res = await request(c.path, cookie);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${c.path}: ${res.status}`);
      });
      rows.push({
        engine,
        name: c.name,
        http,
        query: await time(c.service),
        target: c.target ? TARGET_P95_MS[engine] : null,
        plan: await c.plan(),
      });
    }
    return rows;
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(rows: Row[]) {
  const header = [
    'engine',
    'request',
    'http median',
    'http p95',
    'query median',
    'query p95',
    'p95 target',
    '',
    'plan (generated_images)',
  ];
  const ms = (v: number) => v.toFixed(2);
  const body = rows.map((r) => [
    r.engine,
    r.name,
    ms(r.http.medianMs),
    ms(r.http.p95Ms),
    ms(r.query.medianMs),
    ms(r.query.p95Ms),
    r.target === null ? '-' : `< ${r.target}`,
    r.target === null ? '' : r.http.p95Ms < r.target ? 'ok' : 'SLOW',
    r.plan,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((line) => line[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.info(line(header));
  console.info(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const cells of body) console.info(line(cells));
}

const rows: Row[] = [];
rows.push(...(await benchEngine('pglite', await openDatabase({ kind: 'pglite-memory' }))));
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const temp = await tempPostgres(pgUrl);
  try {
    rows.push(...(await benchEngine('postgres', await openDatabase({ kind: 'postgres', url: temp.url }))));
  } finally {
    await temp.drop();
  }
} else {
  console.info('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it.');
}
console.info('');
printTable(rows);
console.info(
  `\n${RUNS} runs per column after ${WARMUP} warm-up runs, one at a time. http: the request through app.request ` +
    '(session lookup, JSON); query: the service function alone. Times are wall clock: on a busy machine p95 ' +
    `measures the neighbours too (load average now ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores).`,
);
