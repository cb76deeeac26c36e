// What a browser receives on the wire: the built assets as their precompressed brotli or gzip copy,
// HTML (the SPA shell and the prerendered pages) and JSON compressed on the fly, pictures as they
// are; long caching only for hashed assets.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
const webDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-web-'));
// Big enough to be worth compressing, like a real chunk.
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const html = `<!doctype html><html><head><title>Clipsmith SPA</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const prerenderedHome = `<!doctype html><html><head><title>Clipsmith</title></head><body><div id="root"><h1>Transform your ideas</h1>${'<p>words</p>'.repeat(100)}</div></body></html>`;
const prerenderedPricing = prerenderedHome.replace('Transform your ideas', 'Pricing');
const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4000, 7)]);

beforeAll(async () => {
  writeFileSync(path.join(webDir, 'index.html'), html);
  mkdirSync(path.join(webDir, 'assets'));
  mkdirSync(path.join(webDir, 'samples'));
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(webDir, 'assets', 'tiny-abc123.js'), 'export {};');
  writeFileSync(path.join(webDir, 'samples', 'lighthouse.png'), png);
  // What scripts/prerender.ts writes: <webDir>/prerendered/<path>/index.html.
  mkdirSync(path.join(webDir, 'prerendered', 'pricing'), { recursive: true });
  writeFileSync(path.join(webDir, 'prerendered', 'index.html'), prerenderedHome);
  writeFileSync(path.join(webDir, 'prerendered', 'pricing', 'index.html'), prerenderedPricing);
  writeFileSync(
    path.join(webDir, 'favicon.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(2000)}</svg>`,
  );
  precompressDir(webDir);
  t = await createTestApp({ overrides: { webDir } });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (p: string, acceptEncoding?: string) =>
  t.request(p, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
/** The HTML a browser decodes from a gzipped answer, without the settings block the server adds. */
const gunzippedHtml = async (res: Response) =>
  gunzipSync(await bytes(res))
    .toString()
    .replace(/<script id="app-meta" type="application\/json">[^<]*<\/script>\s*/, '');

describe('hashed assets', () => {
  it('go out as brotli to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bytes(res);
    expect(body.length).toBeLessThan(Buffer.byteLength(script) / 3);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('go out as gzip when brotli is not accepted, or refused with q=0', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip;q=0.8']) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(gunzipSync(await bytes(res)).toString()).toBe(script);
    }
  });

  it('go out uncompressed to a client that accepts no encoding, still marked as varying', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect((await bytes(res)).toString()).toBe(script);
    }
  });
});

describe('what is not a hashed asset', () => {
  it('pictures are never compressed again, and are not cached as immutable', async () => {
    const res = await get('/samples/lighthouse.png', 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).not.toMatch(/immutable/);
    expect((await bytes(res)).equals(png)).toBe(true);
  });

  it('files outside /assets/ may change between builds: cached an hour, not immutable', async () => {
    const res = await get('/favicon.svg', 'br');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('HTML is compressed on the fly and revalidated on every visit', async () => {
    for (const [p, page] of [
      ['/history?page=2', html],
      ['/create', html],
      ['/', prerenderedHome],
      ['/pricing', prerenderedPricing],
    ]) {
      const res = await get(p, 'gzip, deflate, br');
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await gunzippedHtml(res), p).toBe(page);
    }
  });

  it('JSON from the API is compressed on the fly', async () => {
    // The plan catalogue is a public JSON answer of a few KB.
    const res = await get('/api/meta', 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(await bytes(res)).toString())).toBeTypeOf('object');
  });

  it('a client that asks for no compression gets plain JSON', async () => {
    const res = await get('/api/meta');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toBeTypeOf('object');
  });
});

describe('prerendered pages', () => {
  it('get no precompressed copies at build time: HTML is compressed as it is served', () => {
    const copies = readdirSync(webDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.html\.(br|gz)$/.test(f),
    );
    expect(copies).toEqual([]);
    expect(existsSync(path.join(webDir, 'assets', 'index-abc123.js.br'))).toBe(true);
  });

  it('are served for exactly their path, without a query string; every other path gets the SPA shell', async () => {
    for (const [p, page, status] of [
      ['/pricing', prerenderedPricing, 200],
      ['/', prerenderedHome, 200],
      ['/pricing?tab=credits', html, 200],
      ['/pricing/', html, 200],
      // Not a page of the app: the shell, which shows "page not found", as a 404.
      ['/prerendered/pricing/index.html', html, 404],
      ['/about', html, 200],
    ] as const) {
      const res = await get(p, 'gzip');
      expect(res.status, p).toBe(status);
      expect(await gunzippedHtml(res), p).toBe(page);
    }
  });

  it("carry this deployment's settings for the app's first render, as /api/meta gives them", async () => {
    const meta = await (await get('/api/meta')).json();
    for (const p of ['/pricing', '/create']) {
      const page = await (await get(p)).text();
      const block = /<script id="app-meta" type="application\/json">([^<]*)<\/script>/.exec(page)?.[1];
      expect(block, p).toBeDefined();
      expect(JSON.parse(block!)).toEqual(meta);
    }
  });

  it('without payments, the pricing page is not served prerendered (its notice would shift it)', async () => {
    const off = await createTestApp({ env: { PAYMENTS: 'off' }, overrides: { webDir } });
    try {
      const pricing = await (await off.request('/pricing')).text();
      expect(pricing).toContain('<div id="root"></div>');
      expect(pricing).toContain('"payments":"off"');
      expect(await (await off.request('/')).text()).toContain('<h1>Transform your ideas</h1>');
    } finally {
      await off.close();
    }
  });
});
