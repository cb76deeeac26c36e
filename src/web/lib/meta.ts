import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** What the server says about itself (GET /api/meta): which image model runs, which payments. */
export type AppMeta = {
  imageModel: { provider: 'offline-composer' | 'openai'; model: string; label: string };
  payments: 'test' | 'stripe' | 'off';
  version: string;
  /** Outside production: mail lands in the outbox at /dev/mail (no mail server needed). */
  devOutbox: boolean;
};

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
