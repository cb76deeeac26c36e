import { ArrowLeftIcon, ChevronLeftIcon, ChevronRightIcon, ImagePlusIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MESSAGES } from '../../core/messages';
import { CreateButton } from '../components/create-button';
import { HistoryTile } from '../components/gallery/history-tile';
import { LoadFailedPanel, StatePanel } from '../components/gallery/state-panel';
import { ImagePreviewDialog, usePicturePreview } from '../components/image-preview-dialog';
import { PageContainer } from '../components/page-shell';
import { PageTitle } from '../components/page-title';
import { Button } from '../components/ui/button';
import { errorMessage } from '../lib/api';
import { useHistoryPage } from '../lib/gallery';

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Placeholder tiles while the first page loads (they have no identity of their own). */
const SKELETON_TILES = Array.from({ length: 8 }, (_, n) => `tile-${n}`);
const HISTORY_GRID = 'grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 sm:gap-5';

export default function HistoryPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const history = useHistoryPage(page);
  const preview = usePicturePreview();

  const totalPages = history.data?.totalPages ?? 1;
  const shownPage = history.data?.page ?? page;

  const goTo = (next: number, replace = false) => {
    setSearchParams(
      (params) => {
        if (next <= 1) params.delete('page');
        else params.set('page', String(next));
        return params;
      },
      { replace },
    );
  };

  // Past the last page (an old link, or the last image of the last page deleted): show the last page.
  const lastPage = history.data && !history.isPlaceholderData ? history.data.totalPages : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: goTo only wraps setSearchParams
  useEffect(() => {
    if (lastPage !== null && page > lastPage) goTo(lastPage, true);
  }, [lastPage, page]);

  const changePage = (next: number) => {
    goTo(next);
    window.scrollTo({ top: 0 });
  };

  const items = history.data?.items ?? [];

  return (
    <PageContainer size="xl" className="py-8 sm:py-12">
      <PageTitle title={shownPage > 1 ? `History, page ${shownPage}` : 'History'} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-bold text-3xl tracking-tight">{MESSAGES.historyTitle}</h1>
          <p className="mt-1.5 text-muted-foreground" data-testid="history-summary">
            {/* The page count is unknown until the first answer: no "Page 1 of 1" guess meanwhile. */}
            {history.isPending ? (
              <span
                className="inline-block h-4 w-28 animate-pulse rounded bg-muted-foreground/15 align-middle"
                aria-hidden="true"
              />
            ) : (
              MESSAGES.historyPage(shownPage, totalPages)
            )}
            {history.data && history.data.total > 0 && (
              <>
                {' '}
                · {history.data.total} {history.data.total === 1 ? 'image' : 'images'}
              </>
            )}
          </p>
        </div>
        <Button asChild variant="outline" className="self-start sm:self-auto">
          <Link to="/dashboard">
            <ArrowLeftIcon aria-hidden="true" />
            {MESSAGES.backToDashboard}
          </Link>
        </Button>
      </div>

      <div className="mt-8">
        {history.isPending ? (
          // Tiles in the grid's own shape while the first page loads, so nothing jumps when it arrives.
          <div data-testid="history-loading">
            <p className="sr-only" role="status">
              {MESSAGES.historyLoading}
            </p>
            <ul className={HISTORY_GRID} aria-hidden="true">
              {SKELETON_TILES.map((key) => (
                <li
                  key={key}
                  className="aspect-square animate-pulse rounded-xl border bg-muted-foreground/10"
                />
              ))}
            </ul>
          </div>
        ) : history.isError && items.length === 0 ? (
          <LoadFailedPanel title="Your history could not be loaded" onRetry={() => history.refetch()}>
            {errorMessage(history.error)}
          </LoadFailedPanel>
        ) : items.length === 0 ? (
          <StatePanel
            icon={ImagePlusIcon}
            title={MESSAGES.historyEmpty}
            actions={<CreateButton>Create your first clipart</CreateButton>}
          >
            Everything you create shows up here, newest first.
          </StatePanel>
        ) : (
          <>
            <ul
              className={`${HISTORY_GRID} transition-opacity aria-busy:opacity-60`}
              aria-label={`Your images, page ${shownPage}`}
              aria-busy={history.isPlaceholderData}
            >
              {items.map((image) => (
                <li key={image.id}>
                  <HistoryTile image={image} onOpen={preview.open} />
                </li>
              ))}
            </ul>
            <nav
              aria-label="History pages"
              className="mt-10 flex items-center justify-between gap-4 border-t pt-6"
            >
              <Button variant="outline" onClick={() => changePage(shownPage - 1)} disabled={shownPage <= 1}>
                <ChevronLeftIcon aria-hidden="true" />
                Previous
              </Button>
              <p className="text-muted-foreground text-sm" aria-live="polite">
                {MESSAGES.historyPage(shownPage, totalPages)}
              </p>
              <Button
                variant="outline"
                onClick={() => changePage(shownPage + 1)}
                disabled={shownPage >= totalPages}
              >
                Next
                <ChevronRightIcon aria-hidden="true" />
              </Button>
            </nav>
          </>
        )}
      </div>

      <ImagePreviewDialog {...preview.dialogProps} />
    </PageContainer>
  );
}
