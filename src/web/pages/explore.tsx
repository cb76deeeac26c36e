import { ImagesIcon, SearchXIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { GALLERY_MAX_PAGE_SIZE } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { CreateButton } from '../components/create-button';
import { GalleryCard, GalleryCardSkeleton } from '../components/gallery/gallery-card';
import { GalleryLightbox } from '../components/gallery/gallery-lightbox';
import { GalleryToolbar } from '../components/gallery/gallery-toolbar';
import { LoadFailedPanel, StatePanel } from '../components/gallery/state-panel';
import { PageContainer, PageHero } from '../components/page-shell';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { errorMessage } from '../lib/api';
import { type GalleryItem, type GallerySort, useGallery, useOnVisible } from '../lib/gallery';

const SEARCH_DEBOUNCE_MS = 350;

/** `?limit=` is optional (it makes paging testable with a few images); anything odd is ignored. */
function parseLimit(value: string | null): number | undefined {
  const limit = Number(value);
  return Number.isInteger(limit) && limit >= 1 && limit <= GALLERY_MAX_PAGE_SIZE ? limit : undefined;
}

/** 'Something went wrong. Please try again.' → 'Something went wrong' inside the spec's sentence. */
function failureReason(error: unknown): string {
  return errorMessage(error)
    .split(/\.\s/)[0]
    .replace(/[.!\s]+$/, '');
}

export default function ExplorePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim();
  const sort: GallerySort = searchParams.get('sort') === 'oldest' ? 'oldest' : 'newest';
  const limit = parseLimit(searchParams.get('limit'));

  const gallery = useGallery({ q, sort, limit });
  const items = gallery.data?.pages.flatMap((page) => page.items) ?? [];
  const [selected, setSelected] = useState<GalleryItem | null>(null);

  // The search box is ahead of the URL while the person types; the URL catches up after a pause.
  const [draft, setDraft] = useState(q);
  const lastWritten = useRef(q);
  const writeQuery = useCallback(
    (value: string) => {
      const next = value.trim();
      lastWritten.current = next;
      setSearchParams(
        (params) => {
          if (next) params.set('q', next);
          else params.delete('q');
          return params;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  useEffect(() => {
    if (draft.trim() === lastWritten.current) return;
    const timer = setTimeout(() => writeQuery(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, writeQuery]);
  // Back/forward changed the URL: show its search in the box.
  useEffect(() => {
    if (q !== lastWritten.current) {
      lastWritten.current = q;
      setDraft(q);
    }
  }, [q]);

  const setSort = (next: GallerySort) =>
    setSearchParams((params) => {
      if (next === 'newest') params.delete('sort');
      else params.set('sort', next);
      return params;
    });

  const sentinel = useRef<HTMLDivElement>(null);
  const canLoadMore = gallery.hasNextPage && !gallery.isFetchingNextPage && !gallery.isFetchNextPageError;
  useOnVisible(sentinel, () => gallery.fetchNextPage(), { enabled: canLoadMore });

  const refreshing = gallery.isRefetching && !gallery.isFetchingNextPage;
  const searching = gallery.isPlaceholderData;

  return (
    <>
      <PageHero
        title={MESSAGES.galleryTitle}
        documentTitle="Explore"
        description="Public clipart made by Clipsmith members. Open any picture to see it large and download it."
      />
      <PageContainer size="xl" className="py-8 sm:py-10">
        <GalleryToolbar
          search={draft}
          onSearchChange={setDraft}
          onSearchSubmit={(value) => {
            setDraft(value);
            writeQuery(value);
          }}
          sort={sort}
          onSortChange={setSort}
          onRefresh={() => gallery.refetch()}
          refreshing={refreshing}
        />

        <div className="mt-8">
          {gallery.isPending ? (
            <div data-testid="gallery-loading">
              {/* Skeletons while the first page loads; after a failed attempt, say it is being retried. */}
              {gallery.failureCount > 0 ? (
                <p
                  className="mb-4 text-muted-foreground text-sm"
                  role="status"
                  data-testid="gallery-retrying"
                >
                  Taking longer than usual. Trying again…
                </p>
              ) : (
                <p className="sr-only" role="status">
                  Loading images...
                </p>
              )}
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
                {Array.from({ length: 6 }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <li key={index}>
                    <GalleryCardSkeleton />
                  </li>
                ))}
              </ul>
            </div>
          ) : gallery.isError && items.length === 0 ? (
            <LoadFailedPanel title="Something went wrong" onRetry={() => gallery.refetch()}>
              {MESSAGES.galleryLoadFailed(failureReason(gallery.error))}
            </LoadFailedPanel>
          ) : items.length === 0 ? (
            q ? (
              <StatePanel
                icon={SearchXIcon}
                title={MESSAGES.galleryEmptyTitle}
                actions={
                  <Button
                    variant="outline"
                    onClick={() => {
                      setDraft('');
                      writeQuery('');
                    }}
                  >
                    Clear search
                  </Button>
                }
              >
                No public images match “{q}”. Try another word.
              </StatePanel>
            ) : (
              <StatePanel
                icon={ImagesIcon}
                title={MESSAGES.galleryEmptyTitle}
                actions={<CreateButton>Create clipart</CreateButton>}
              >
                {MESSAGES.galleryEmptyBody}
              </StatePanel>
            )
          ) : (
            <>
              <p className="mb-4 text-muted-foreground text-sm" role="status">
                {gallery.hasNextPage ? 'Showing ' : ''}
                {items.length} {items.length === 1 ? 'image' : 'images'}
                {q ? ` matching “${q}”` : ''}
              </p>
              <ul
                className="grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 aria-busy:opacity-60"
                aria-busy={searching}
                aria-label="Public images"
              >
                {items.map((item) => (
                  <li key={item.id}>
                    <GalleryCard item={item} onOpen={setSelected} />
                  </li>
                ))}
              </ul>
              <div ref={sentinel} className="mt-10 flex flex-col items-center gap-3">
                {gallery.isFetchNextPageError && (
                  <p className="text-destructive text-sm" role="alert">
                    {MESSAGES.galleryLoadFailed(failureReason(gallery.error))}
                  </p>
                )}
                {gallery.hasNextPage ? (
                  <Button
                    variant="outline"
                    onClick={() => gallery.fetchNextPage()}
                    disabled={gallery.isFetchingNextPage}
                  >
                    {gallery.isFetchingNextPage ? (
                      <Spinner className="size-4" label="Loading more images" />
                    ) : null}
                    {gallery.isFetchingNextPage ? 'Loading...' : 'Load more'}
                  </Button>
                ) : (
                  <p className="text-muted-foreground text-sm">You've reached the end of the gallery.</p>
                )}
              </div>
            </>
          )}
        </div>
      </PageContainer>
      <GalleryLightbox item={selected} onOpenChange={(open) => !open && setSelected(null)} />
    </>
  );
}
