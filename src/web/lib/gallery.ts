import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type RefObject, useEffect, useRef } from 'react';
import {
  type GalleryItem,
  type GalleryQuery,
  galleryPageSchema,
  type HistoryItem,
  historyPageSchema,
  privacyChangeSchema,
  type SharedImage,
  sharedImageSchema,
} from '../../core/api';
import { THUMB_SIZE } from '../../core/constants';
import type { Privacy } from '../../core/options';
import { ApiError, api } from './api';
import { CREDIT_ACTIVITY_QUERY_KEY, IMAGES_QUERY_KEY } from './generation';

/**
 * Server state of the gallery feature: the public Explore gallery (cursor pages), the member's
 * history (numbered pages), the public share card, and the owner's privacy and delete actions.
 */

export type { GalleryItem, HistoryItem, SharedImage };

// Under the generator's ['images'] key, so a new generation refreshes the gallery and history too.
export const galleryKeys = {
  all: [...IMAGES_QUERY_KEY, 'gallery'] as const,
  list: (params: GalleryParams) => [...IMAGES_QUERY_KEY, 'gallery', params] as const,
};
export const historyKeys = {
  all: [...IMAGES_QUERY_KEY, 'history'] as const,
  page: (page: number) => [...IMAGES_QUERY_KEY, 'history', page] as const,
};
export const shareKey = (id: string) => ['share', id] as const;

export type GallerySort = GalleryQuery['sort'];
export type GalleryParams = { q: string; sort: GallerySort; limit?: number };

/** Attempts after the first before Explore shows an error: a slow or flaky start is retried quietly. */
export const GALLERY_RETRIES = 3;

/** Back-off between gallery attempts: 1 s, 2 s, 4 s (capped at 8 s). */
export function galleryRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 8000);
}

export function useGallery(params: GalleryParams) {
  return useInfiniteQuery({
    queryKey: galleryKeys.list(params),
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ sort: params.sort });
      if (params.q) search.set('q', params.q);
      if (params.limit) search.set('limit', String(params.limit));
      if (pageParam) search.set('cursor', pageParam);
      return api.get(`/api/gallery?${search}`, { signal, schema: galleryPageSchema });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Typing a search keeps the old results on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    // A server error or a dropped connection is retried with back-off before the page shows an
    // error; a 4xx is an answer and shows at once.
    retry: (failures, error) =>
      failures < GALLERY_RETRIES && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    retryDelay: galleryRetryDelay,
  });
}

export function useHistoryPage(page: number) {
  return useQuery({
    queryKey: historyKeys.page(page),
    queryFn: ({ signal }) => api.get(`/api/history?page=${page}`, { signal, schema: historyPageSchema }),
    placeholderData: keepPreviousData,
  });
}

/** A 4xx (the image is private, deleted or never existed) is an answer, not a blip: no retry. */
function retryServerErrors(failures: number, error: unknown) {
  return failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

export function useSharedImage(id: string) {
  return useQuery({
    queryKey: shareKey(id),
    queryFn: ({ signal }) =>
      api.get(`/api/share/${encodeURIComponent(id)}`, { signal, schema: sharedImageSchema }),
    retry: retryServerErrors,
  });
}

/** Lists that show an image: refreshed after the owner changes or deletes one. */
function useInvalidateImageLists() {
  const queryClient = useQueryClient();
  return (imageId: string) =>
    Promise.all([
      // History, gallery and the dashboard's recent strip.
      queryClient.invalidateQueries({ queryKey: IMAGES_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: shareKey(imageId) }),
      // Making an image private may have spent a credit.
      queryClient.invalidateQueries({ queryKey: CREDIT_ACTIVITY_QUERY_KEY }),
    ]);
}

export function useChangePrivacy() {
  const invalidate = useInvalidateImageLists();
  return useMutation({
    mutationFn: ({ id, privacy }: { id: string; privacy: Privacy }) =>
      api.patch(`/api/images/${encodeURIComponent(id)}`, { privacy }, { schema: privacyChangeSchema }),
    onSuccess: (_result, { id }) => invalidate(id),
  });
}

export function useDeleteImage() {
  const invalidate = useInvalidateImageLists();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/images/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => invalidate(id),
  });
}

/** 'Jan 5, 2025' (SPEC §2: short en-US date). */
export function formatShortDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** The thumbnail's intrinsic size (512 on the long side), so the grid reserves space before it loads. */
export function thumbSize(image: { width: number; height: number }): { width: number; height: number } {
  const scale = THUMB_SIZE / Math.max(image.width, image.height, 1);
  return { width: Math.round(image.width * scale), height: Math.round(image.height * scale) };
}

/** The public share page of an image. */
export function sharePath(id: string): string {
  return `/i/${encodeURIComponent(id)}`;
}

/**
 * Calls `onVisible` whenever the element scrolls within `rootMargin` of the viewport while
 * `enabled`; used for the gallery's infinite scroll sentinel.
 */
export function useOnVisible(
  ref: RefObject<Element | null>,
  onVisible: () => void,
  { enabled, rootMargin = '600px' }: { enabled: boolean; rootMargin?: string },
) {
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled, rootMargin]);
}
