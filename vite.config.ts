import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The SPA is built into dist/web and served by our own Node server; in development Vite serves it
// and forwards everything the server owns to it.
const API_SERVER = 'http://localhost:3000';

/**
 * The chunks the entry imports statically, so loaded (and preloaded by index.html) before any lazy
 * page: recorded once the bundle is known, before Vite writes each lazy import's preload list.
 */
const loadedWithEntry = new Set<string>();
const recordEntryImports: Plugin = {
  name: 'clipsmith:entry-imports',
  apply: 'build',
  generateBundle: {
    order: 'pre',
    handler(_options, bundle) {
      loadedWithEntry.clear();
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry)
          for (const name of [chunk.fileName, ...chunk.imports]) loadedWithEntry.add(name);
    },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: '.',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), recordEntryImports],
  build: isSsrBuild
    ? // scripts/prerender.ts: the page renderer, run once at build time and deleted.
      { outDir: 'dist/prerender', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist/web',
        emptyOutDir: true,
        sourcemap: true,
        modulePreload: {
          // A lazy page's preload list leaves out what the entry has already loaded: those names
          // were in most lists, ~0.2 KB on every visitor's first page for preloads that do nothing.
          resolveDependencies: (_file, deps, { hostType }) =>
            hostType === 'js' ? deps.filter((dep) => !loadedWithEntry.has(dep)) : deps,
        },
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // What every page loads with the entry, in one file instead of seven: each response
                  // costs ~0.8 KB of headers, a tenth of the first load on the landing page.
                  name: 'framework',
                  test: /node_modules[\\/](?:(?:react|react-dom|react-router|@tanstack[\\/](?:react-query|query-core)|scheduler|clsx|tailwind-merge|class-variance-authority|@radix-ui[\\/]react-(?:slot|compose-refs))[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/]))/,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': API_SERVER,
      '/images': API_SERVER,
      '/i/': API_SERVER,
      '/checkout/test': API_SERVER,
      '/dev': API_SERVER,
    },
  },
}));
