import { useQuery } from '@tanstack/react-query';
import type { AppMeta } from '../../core/api';
import { api } from './api';

export function useAppMeta() {
  return useQuery({
    queryKey: ['meta'],
    queryFn: () => api.get<AppMeta>('/api/meta'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The honest one-liner about the image model behind the generator. */
export function poweredByLine(meta: AppMeta | undefined): string {
  if (!meta) return 'Clipart for stickers, slides, posts and blogs';
  if (meta.imageModel.provider === 'offline-composer')
    return 'Works offline with the built-in clipart composer';
  return `Powered by ${meta.imageModel.label}`;
}
