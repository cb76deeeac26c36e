import { DownloadIcon } from 'lucide-react';
import { Button } from '../ui/button';

/**
 * A plain form post: the browser saves the zip as the server streams it, so a large archive never
 * sits in this page's memory. A POST, so that only our own pages can ask for it (another site's
 * link or pop-up would send the member's cookie with a GET and spend their hourly allowance).
 */
export function DownloadData() {
  return (
    <form method="post" action="/api/data-export">
      <Button type="submit" variant="outline">
        <DownloadIcon aria-hidden="true" />
        Download my data
      </Button>
    </form>
  );
}
