import { useQuery } from '@tanstack/react-query';
import type { AppMeta } from '../../core/api';
import { APP_META_ELEMENT_ID } from '../../core/constants';
import { api } from './api';
import { useHydrated } from './hydration';
import { lazySchemas } from './session';

/** The settings the server wrote into the page (http/spa.ts), so the first render knows them. */
function metaInPage(): AppMeta | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(APP_META_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as AppMeta;
  } catch {
    return undefined;
  }
}

/**
 * This deployment's settings. A prerendered page was rendered without them, so it hydrates without
 * them too and shows them right after (the server never serves a prerendered page they would
 * change the layout of: see http/spa.ts).
 */
export function useAppMeta(): { data: AppMeta | undefined } {
  const { data } = useQuery({
    queryKey: ['meta'],
    // Only when the page came without them; the schema (and zod) load then, not on every page.
    queryFn: () => api.get('/api/meta', { schema: lazySchemas().then((m) => m.appMetaSchema) }),
    initialData: metaInPage,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return { data: useHydrated() ? data : undefined };
}

/** The honest one-liner about the image model behind the generator. */
export function poweredByLine(meta: AppMeta | undefined): string {
  if (!meta) return 'Clipart for stickers, slides, posts and blogs';
  if (meta.imageModel.provider === 'offline-composer')
    return 'Works offline with the built-in clipart composer';
  return `Powered by ${meta.imageModel.label}`;
}
