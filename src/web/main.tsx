import './styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, createQueryClient } from './app';
import { AppRoutes } from './routes';

const app = (
  <AppProviders queryClient={createQueryClient()}>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </AppProviders>
);

const container = document.getElementById('root')!;
// The first render (or hydration) as a transition: React yields to the browser every few
// milliseconds instead of holding the main thread for the whole page (one long task is what Total
// Blocking Time counts).
startTransition(() => {
  if (container.hasChildNodes()) {
    // A page prerendered at build time (scripts/prerender.ts): React takes over its HTML.
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
});
