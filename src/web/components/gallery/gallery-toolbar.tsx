import { RefreshCwIcon, SearchIcon, XIcon } from 'lucide-react';
import { useId } from 'react';
import { MESSAGES } from '../../../core/messages';
import type { GallerySort } from '../../lib/gallery';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { Input } from '../ui/input';

type GalleryToolbarProps = {
  search: string;
  onSearchChange: (value: string) => void;
  /** Enter in the box: search now instead of waiting for the pause. */
  onSearchSubmit: (value: string) => void;
  sort: GallerySort;
  onSortChange: (sort: GallerySort) => void;
  onRefresh: () => void;
  refreshing: boolean;
};

const SORT_OPTIONS: { value: GallerySort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
];

/** Search, sort and refresh above the Explore grid. */
export function GalleryToolbar(props: GalleryToolbarProps) {
  const searchId = useId();
  const sortId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <search className="flex-1">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            props.onSearchSubmit(props.search);
          }}
        >
          <label htmlFor={searchId} className="mb-1.5 block font-medium text-sm">
            Search prompts
          </label>
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={searchId}
              type="search"
              value={props.search}
              onChange={(event) => props.onSearchChange(event.target.value)}
              placeholder="Try “cat”, “robot” or “space”"
              maxLength={200}
              autoComplete="off"
              enterKeyHint="search"
              className="pr-10 pl-9 [&::-webkit-search-cancel-button]:appearance-none"
            />
            {props.search && (
              <button
                type="button"
                onClick={() => {
                  props.onSearchChange('');
                  props.onSearchSubmit('');
                }}
                className="absolute top-1/2 right-1.5 flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
                aria-label="Clear search"
              >
                <XIcon className="size-4" aria-hidden="true" />
              </button>
            )}
          </div>
        </form>
      </search>
      <div className="flex items-end gap-3">
        <div className="flex-1 sm:flex-none">
          <label htmlFor={sortId} className="mb-1.5 block font-medium text-sm">
            Sort by
          </label>
          <select
            id={sortId}
            value={props.sort}
            onChange={(event) => props.onSortChange(event.target.value as GallerySort)}
            className="h-10 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 focus-visible:outline-offset-0 sm:w-36 sm:text-sm"
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <Button variant="outline" onClick={props.onRefresh} disabled={props.refreshing}>
          <RefreshCwIcon aria-hidden="true" className={cn(props.refreshing && 'animate-spin')} />
          {MESSAGES.refresh}
        </Button>
      </div>
    </div>
  );
}
