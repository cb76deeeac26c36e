import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA is built into dist/web and served by our own Node server; in development Vite serves it
// and forwards everything the server owns to it.
const API_SERVER = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  root: '.',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: isSsrBuild
    ? // scripts/prerender.ts: the page renderer, run once at build time and deleted.
      { outDir: 'dist/prerender', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist/web',
        emptyOutDir: true,
        sourcemap: true,
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
