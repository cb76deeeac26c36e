// Download variants benchmark on a 1024×1024 provider-style picture (subject with detail on white).
// Run: node --import tsx bench/variants.ts   (prints median and p95 per operation, always exits 0)
import { pathToFileURL } from 'node:url';
import { makeSticker, removeBackground, renderDownload, traceToSvg } from '../src/server/images/variants';
import { providerStylePng } from '../src/server/images/variants/test-fixtures';

export interface BenchResult {
  name: string;
  runs: number;
  medianMs: number;
  p95Ms: number;
  budgetMs: number | null;
}

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
    const [image] = await db
      .insert(generatedImages)
      .values({
        userId: 'bench-user',
        prompt: 'bench',
        finalPrompt: 'bench',
        theme: 'default',
        quality: 'low',
        privacy: 'public',
        provider: 'bench',
        model: 'bench',
        width: 1024,
        height: 1024,
      })
      .returning();
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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  report(await benchVariants());
  console.info(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
