// Part of `npm run build`: renders the public pages that look the same to every visitor
// (src/web/prerender.tsx lists them) into HTML, so they paint before their JavaScript runs; the
// browser then hydrates them (one React app). Each goes to dist/web/prerendered/<path>/index.html,
// which http/spa.ts serves for exactly that path.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const PRERENDERED_DIR = 'prerendered';

/** Where a prerendered path's HTML lives under the web directory. */
export function prerenderedFile(webDir: string, page: string): string {
  return path.join(webDir, PRERENDERED_DIR, page, 'index.html');
}

export async function prerenderPages(webDir: string): Promise<string[]> {
  const ssrDir = path.resolve('dist/prerender');
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--ssr', 'src/web/prerender.tsx', '--outDir', ssrDir, '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error(`the prerender build failed (${build.status})`);
  const entry = (await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href)) as {
    PRERENDERED_PAGES: readonly string[];
    renderPage(page: string): Promise<string>;
  };
  const shell = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  rmSync(path.join(webDir, PRERENDERED_DIR), { recursive: true, force: true });
  for (const page of entry.PRERENDERED_PAGES) {
    const html = pageHtml(shell, await entry.renderPage(page));
    const file = prerenderedFile(webDir, page);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
  }
  rmSync(ssrDir, { recursive: true, force: true });
  return [...entry.PRERENDERED_PAGES];
}

/**
 * The SPA's index.html with the page inside its root element. React puts what belongs in <head>
 * (the page's <title>, preloads of its first pictures) before the markup; those move to the head.
 * No modulepreload for the page's own chunks: measured, they delayed the first paint (Lighthouse's
 * FCP/LCP 1.8 s without, 2.0–2.4 s with) more than they sped up hydration.
 */
export function pageHtml(shell: string, rendered: string): string {
  let body = rendered;
  const head: string[] = [];
  let title: string | undefined;
  for (;;) {
    const match = /^\s*(<title>[\s\S]*?<\/title>|<link\b[^>]*\/?>|<meta\b[^>]*\/?>)/.exec(body);
    if (!match) break;
    if (match[1].startsWith('<title>')) title = match[1];
    else head.push(match[1]);
    body = body.slice(match[0].length);
  }
  // The CSP runs no inline script: a page that needs one to show (React's streaming boundaries)
  // would stay blank until hydration.
  if (/<script\b/i.test(body)) throw new Error('prerender: the page came with an inline script');
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root">');
  let html = shell.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
  if (title) html = html.replace(/<title>[\s\S]*?<\/title>/, () => title);
  if (head.length > 0) html = html.replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`);
  return html;
}
