// Brotli and gzip copies of the built text assets, written once at build time so the server sends
// the smallest one a browser accepts without compressing on every request (see src/server/http/spa.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// No .html: every HTML answer (index.html, the prerendered pages) gets the page's settings written
// in at serve time and goes out gzipped on the fly (src/server/app.ts), so copies would never be read.
const TEXT = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.webmanifest']);
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

export function precompressDir(dir: string): { files: number; raw: number; brotli: number } {
  const totals = { files: 0, raw: 0, brotli: 0 };
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, entry);
    if (!TEXT.has(path.extname(file)) || !statSync(file).isFile()) continue;
    const body = readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    totals.files++;
    totals.raw += body.length;
    totals.brotli += br.length;
  }
  return totals;
}
