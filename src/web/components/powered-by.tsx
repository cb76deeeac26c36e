import { CpuIcon } from 'lucide-react';
import { poweredByLine, useAppMeta } from '../lib/meta';
import { cn } from '../lib/utils';

/** Names the image model the server is really configured with, never a marketing guess. */
export function PoweredBy({ className }: { className?: string }) {
  const { data } = useAppMeta();
  return (
    <p
      className={cn(
        'inline-flex items-center gap-2 rounded-full border bg-background/80 px-3 py-1 font-medium text-muted-foreground text-sm',
        className,
      )}
      data-testid="powered-by"
    >
      <CpuIcon className="size-4 text-primary" aria-hidden="true" />
      {poweredByLine(data)}
    </p>
  );
}
