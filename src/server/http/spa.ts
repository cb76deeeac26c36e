// Serves the built React app: hashed assets cached forever, HTML never, deep links get index.html.
// A page the build prerendered (scripts/prerender.ts) gets its own HTML, for exactly its path.
// Text assets go out as the brotli or gzip copy the build wrote beside them (scripts/precompress.ts),
// whichever the browser accepts; HTML (with this deployment's settings written in) is compressed on
// the fly by the app's middleware.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import type { AppMeta } from '../../core/api';
import { APP_META_ELEMENT_ID } from '../../core/constants';
import { isWebRoute } from '../../core/web-routes';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

const MISSING_BUILD = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Clipsmith</title></head>
<body><main><h1>Clipsmith</h1><p>The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds first).</p></main></body></html>`;

export type Spa = {
  serve(c: Context): Promise<Response>;
  /** The index.html text, for server-rendered variants (share pages). */
  indexHtml(): string;
};

export type SpaOptions = {
  /** Written into every page as a JSON block, so the app's first render knows it (web/lib/meta.ts). */
  meta?: AppMeta;
  /** Prerendered pages not to serve (their first view would differ on this deployment). */
  notPrerendered?: readonly string[];
  /** Serve the build's `.map` files (development); false answers 404 for them. */
  serveSourceMaps?: boolean;
};

/** Where scripts/prerender.ts writes each page: <webDir>/prerendered/<path>/index.html. */
const PRERENDERED_DIR = 'prerendered';

export function createSpa(webDir: string, options: SpaOptions = {}): Spa {
  const root = path.resolve(webDir);
  const withMeta = (html: string) =>
    options.meta
      ? html.replace(
          '</head>',
          // `<` escaped: the JSON can never close the script element.
          () =>
            `<script id="${APP_META_ELEMENT_ID}" type="application/json">${JSON.stringify(options.meta).replaceAll('<', '\\u003c')}</script>\n  </head>`,
        )
      : html;
  let cachedIndex: string | undefined;
  const indexHtml = () => {
    if (cachedIndex !== undefined) return cachedIndex;
    const file = path.join(root, 'index.html');
    const text = withMeta(existsSync(file) ? readFileSync(file, 'utf8') : MISSING_BUILD);
    // Re-read in development so a rebuild shows without a restart.
    if (existsSync(file)) cachedIndex = text;
    return text;
  };
  let cachedPages: Map<string, string> | undefined;
  const prerendered = () => {
    if (cachedPages) return cachedPages;
    const pages = new Map<string, string>();
    const dir = path.join(root, PRERENDERED_DIR);
    if (!existsSync(dir)) return pages;
    for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (path.basename(entry) !== 'index.html') continue;
      const page = `/${path.dirname(entry).split(path.sep).join('/')}`.replace(/\/\.$/, '/');
      if (options.notPrerendered?.includes(page)) continue;
      pages.set(page, withMeta(readFileSync(path.join(dir, entry), 'utf8')));
    }
    cachedPages = pages;
    return pages;
  };

  return {
    indexHtml,
    async serve(c) {
      const urlPath = decodeURIComponent(new URL(c.req.url).pathname);
      const file = path.join(root, urlPath);
      if (
        file.startsWith(root + path.sep) &&
        !urlPath.endsWith('/') &&
        isFile(file) &&
        path.basename(file) !== 'index.html' &&
        (options.serveSourceMaps !== false || path.extname(file) !== '.map')
      ) {
        const ext = path.extname(file);
        const immutable = urlPath.startsWith('/assets/');
        const headers: Record<string, string> = {
          'Content-Type': TYPES[ext] ?? 'application/octet-stream',
          'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        };
        const encodings = PRECOMPRESSED.filter(({ suffix }) => isFile(file + suffix));
        if (encodings.length > 0) {
          headers.Vary = 'Accept-Encoding';
          const chosen = chooseEncoding(
            c.req.header('Accept-Encoding'),
            encodings.map((e) => e.encoding),
          );
          const copy = encodings.find((e) => e.encoding === chosen);
          if (copy) {
            headers['Content-Encoding'] = copy.encoding;
            return c.body(await readFile(file + copy.suffix), 200, headers);
          }
        }
        return c.body(await readFile(file), 200, headers);
      }
      if (path.extname(urlPath) && urlPath.startsWith('/assets/')) {
        return c.text('Not found', 404);
      }
      // The prerendered HTML is the page without a query string: one would change what it shows.
      const page = new URL(c.req.url).search === '' ? prerendered().get(urlPath) : undefined;
      // An address with no page still gets the app, which shows its "page not found", as a 404.
      const status = page || isWebRoute(urlPath) ? 200 : 404;
      return c.html(page ?? indexHtml(), status, { 'Cache-Control': 'no-cache' });
    },
  };
}

/** The copies the build writes, best first. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * The first of `available` (best first) that an Accept-Encoding header allows: listed with a
 * q above 0, or covered by `*`. Undefined means the uncompressed file.
 */
export function chooseEncoding(header: string | undefined, available: string[]): string | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  return available.find((encoding) => (q.get(encoding) ?? q.get('*') ?? 0) > 0);
}

function isFile(file: string) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
