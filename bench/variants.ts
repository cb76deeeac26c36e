// Download variants benchmark on a 1024×1024 provider-style picture (subject with detail on white).
// Run: node --import tsx bench/variants.ts   (prints median and p95 per operation, always exits 0)
import { pathToFileURL } from 'node:url';
import { makeSticker, removeBackground, renderDownload, traceToSvg } from '../src/imaging';
import { providerStylePng } from '../src/imaging/test-fixtures';

export interface BenchResult {
  name: string;
  runs: number;
  medianMs: number;
  p95Ms: number;
  budgetMs: number | null;
}

/** A public picture's row as the benchmarks store it (its file is put beside it). */
const benchImageRow = (prompt: string) =>
  ({
    userId: 'bench-user',
    prompt,
    finalPrompt: 'bench',
    theme: 'default',
    quality: 'low',
    privacy: 'public',
    provider: 'bench',
    model: 'bench',
    width: 1024,
    height: 1024,
  }) as const;

const WARMUP = 3;
const RUNS = 15;

async function measure(
  name: string,
  budgetMs: number | null,
  task: () => Promise<unknown>,
  runs = RUNS,
): Promise<BenchResult> {
  for (let i = 0; i < WARMUP; i++) await task();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await task();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median =
    times.length % 2
      ? times[(times.length - 1) / 2]
      : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
  const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)];
  return { name, runs, medianMs: median, p95Ms: p95, budgetMs };
}

export async function benchVariants(): Promise<BenchResult[]> {
  const provider = await providerStylePng();
  const transparent = await removeBackground(provider);
  const sticker = await makeSticker(transparent);
  return [
    await measure('transparent (remove background)', 150, () => removeBackground(provider)),
    await measure('sticker (from transparent)', 200, () => makeSticker(transparent)),
    await measure('upscale 2048 PNG (Lanczos 3)', 250, () =>
      renderDownload({ png: provider, format: 'png', size: 2048, variant: 'original' }),
    ),
    await measure('trace to SVG (transparent)', 1500, () => traceToSvg(transparent)),
    // End-to-end downloads, for information.
    await measure('download sticker PNG 1024', null, () =>
      renderDownload({ png: provider, format: 'png', size: 1024, variant: 'sticker' }),
    ),
    await measure('download transparent WebP 512', null, () =>
      renderDownload({ png: provider, format: 'webp', size: 512, variant: 'transparent' }),
    ),
    await measure('trace to SVG (sticker)', null, () => traceToSvg(sticker), 5),
    await cachedVariantServed(provider),
  ];
}

/** A variant already in storage, served through the real app (HTTP handler, privacy check, storage). */
async function cachedVariantServed(png: Buffer): Promise<BenchResult> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { loadConfig } = await import('../src/server/config');
  const { openDatabase } = await import('../src/server/db/client');
  const { generatedImages, users } = await import('../src/server/db/schema');
  const { silentLogger } = await import('../src/server/logger');
  const { createRuntime } = await import('../src/server/runtime');
  const { imageKeys } = await import('../src/server/storage/storage');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-bench-variants-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', WORKERS: '0' });
  const database = await openDatabase({ kind: 'pglite-memory' });
  const runtime = await createRuntime(config, { logger: silentLogger, database, background: false });
  try {
    const db = runtime.deps.database.db;
    await db.insert(users).values({ id: 'bench-user', email: 'bench@example.com' });
    const [image] = await db.insert(generatedImages).values(benchImageRow('bench')).returning();
    await runtime.deps.storage.put(imageKeys.original(image.id), png, 'image/png');
    const url = `http://localhost:3000/images/${image.id}/download?format=png&size=1024&variant=sticker`;
    const first = await runtime.app.request(url);
    if (first.headers.get('x-variant-cache') !== 'miss')
      throw new Error('expected the first download to render');
    return await measure('cached variant served (HTTP)', 10, async () => {
      const res = await runtime.app.request(url);
      if (res.headers.get('x-variant-cache') !== 'hit') throw new Error('expected a cache hit');
      await res.arrayBuffer();
    });
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(results: BenchResult[]): void {
  const rows = results.map((r) => {
    const verdict =
      r.budgetMs === null ? '' : r.medianMs <= r.budgetMs ? `ok (< ${r.budgetMs})` : `OVER ${r.budgetMs}`;
    return `${r.name.padEnd(34)} median ${r.medianMs.toFixed(1).padStart(7)} ms   p95 ${r.p95Ms.toFixed(1).padStart(7)} ms   ${verdict}`;
  });
  console.info(['Download variants, 1024×1024 provider-style picture', ...rows].join('\n'));
}

export interface BurstResult {
  name: string;
  requests: number;
  statuses: Record<string, number>;
  renders: number;
  wallSeconds: number;
  cpuSeconds: number;
  storedMb: number;
  healthP50Ms: number;
  healthP99Ms: number;
  healthMaxMs: number;
}

/**
 * A stranger's burst against a real server process (PostgreSQL, production settings, rate limits
 * on): every download of 6 public pictures (format × size × variant, ~50 each), 32 at a time,
 * without signing in, from one address or from a new address each time (rotated proxies), while
 * /api/health is asked every 50 ms over its own connection.
 */
async function strangerBurst(rotateAddresses: boolean): Promise<BurstResult> {
  const { mkdtempSync, rmSync, readdirSync, statSync, mkdirSync, writeFileSync } = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { DOWNLOAD_FORMATS, DOWNLOAD_SIZES, DOWNLOAD_VARIANTS, validateDownload } = await import(
    '../src/core/download'
  );
  const { openDatabase, runMigrations } = await import('../src/server/db/client');
  const { generatedImages, users } = await import('../src/server/db/schema');
  const { imageKeys } = await import('../src/server/storage/storage');
  const { createTestDatabase } = await import('../tests/helpers/postgres');
  const { startServer } = await import('../tests/helpers/process');
  const { percentile, processTreeCpuSeconds } = await import('./stats');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-bench-burst-'));
  const fresh = await createTestDatabase(
    process.env.BENCH_DATABASE_URL ??
      process.env.TEST_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres',
  );
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, max: 2 });
  await runMigrations(database);
  const db = database.db;
  await db.insert(users).values({ id: 'bench-user', email: 'bench@example.com' });
  const png = await providerStylePng();
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) {
    const [image] = await db
      .insert(generatedImages)
      .values(benchImageRow(`bench ${i}`))
      .returning();
    const file = path.join(dataDir, 'images', imageKeys.original(image.id));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, png);
    ids.push(image.id);
  }
  await database.close();
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: fresh.url,
    AUTH_SECRET: 'burst-bench-secret-burst-bench-secret-01',
    NODE_ENV: 'production',
    MAIL_FROM: 'Clipsmith <no-reply@mail.example.com>',
    LOG_LEVEL: 'warn',
    WORKERS: '0',
    TRUST_PROXY: '1',
    ...(process.env.BENCH_SERVER_ENV ? JSON.parse(process.env.BENCH_SERVER_ENV) : {}),
  });
  try {
    const urls: string[] = [];
    for (const id of ids)
      for (const format of DOWNLOAD_FORMATS)
        for (const size of DOWNLOAD_SIZES)
          for (const variant of DOWNLOAD_VARIANTS) {
            if (!validateDownload({ format: format.id, size, variant: variant.id }).ok) continue;
            urls.push(
              `${server.url}/images/${id}/download?format=${format.id}&size=${size}&variant=${variant.id}`,
            );
          }
    const statuses: Record<string, number> = {};
    let renders = 0;
    let done = false;
    const health: number[] = [];
    const poll = (async () => {
      while (!done) {
        const start = performance.now();
        await (await fetch(`${server.url}/api/health`)).arrayBuffer();
        health.push(performance.now() - start);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const cpuBefore = processTreeCpuSeconds(server.child.pid!);
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < urls.length) {
          const i = next++;
          const address = rotateAddresses ? `198.51.${Math.floor(i / 250)}.${i % 250}` : '203.0.113.7';
          const res = await fetch(urls[i], { headers: { 'x-forwarded-for': address } });
          await res.arrayBuffer();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.headers.get('x-variant-cache') === 'miss') renders++;
        }
      }),
    );
    const wallSeconds = (performance.now() - started) / 1000;
    const cpuSeconds = processTreeCpuSeconds(server.child.pid!) - cpuBefore;
    done = true;
    await poll;
    let bytes = 0;
    for (const name of readdirSync(path.join(dataDir, 'images'), { recursive: true }) as string[])
      if (name.includes(`${path.sep}variants${path.sep}`))
        bytes += statSync(path.join(dataDir, 'images', name)).size;
    return {
      name: rotateAddresses ? 'a new address per request' : 'one address',
      requests: urls.length,
      statuses,
      renders,
      wallSeconds,
      cpuSeconds,
      storedMb: bytes / 1024 / 1024,
      healthP50Ms: percentile(health, 50),
      healthP99Ms: percentile(health, 99),
      healthMaxMs: Math.max(...health),
    };
  } finally {
    await server.stop();
    await fresh.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function reportBurst(results: BurstResult[]): void {
  const rows = results.map(
    (r) =>
      `${r.name.padEnd(26)} ${r.requests} requests ${JSON.stringify(r.statuses)}  renders ${r.renders}  ` +
      `wall ${r.wallSeconds.toFixed(1)} s  CPU ${r.cpuSeconds.toFixed(1)} s  stored ${r.storedMb.toFixed(1)} MB  ` +
      `health p50 ${r.healthP50Ms.toFixed(0)} ms p99 ${r.healthP99Ms.toFixed(0)} ms max ${r.healthMaxMs.toFixed(0)} ms`,
  );
  console.info(['A stranger downloads every variant of 6 public pictures, 32 at a time', ...rows].join('\n'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  // `bench/variants.ts burst` runs only the burst.
  if (!process.argv.includes('burst')) report(await benchVariants());
  reportBurst([await strangerBurst(false), await strangerBurst(true)]);
  console.info(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
