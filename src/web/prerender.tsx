// The server-side half of the one React app: scripts/prerender.ts builds this entry with Vite and
// renders the public pages that look the same to every visitor into HTML at build time. The
// browser hydrates that HTML with the same components (main.tsx).
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders, createQueryClient } from './app';
import { BLOG_POSTS } from './content/blog-posts';
import { AppRoutes } from './routes';

/**
 * The pages prerendered, and only these: a page whose first view depends on the visitor (the
 * session, the query string) or on this deployment's settings renders in the browser instead.
 */
export const PRERENDERED_PAGES: readonly string[] = [
  '/',
  '/pricing',
  '/how-it-works',
  '/faq',
  '/about',
  '/terms',
  '/privacy',
  '/blog',
  ...BLOG_POSTS.map((post) => `/blog/${post.id}`),
  '/contact',
  '/login',
  '/signup',
  '/forgot-password',
];

/** The page's HTML as a signed-out visitor's browser first renders it; waits for lazy chunks. */
export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerender(
    <AppProviders queryClient={createQueryClient()}>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
    {
      // Every boundary inline, however large: React would otherwise move big ones to the end of the
      // page behind an inline script, which the CSP (script-src 'self') does not run.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        throw error;
      },
    },
  );
  return new Response(prelude).text();
}
