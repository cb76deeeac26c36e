import { DownloadIcon } from 'lucide-react';
import { Button } from '../ui/button';

/**
 * A plain link: the browser saves the zip as the server streams it, so a large archive never
 * sits in this page's memory. The session cookie goes along, as with any same-origin link.
 */
export function DownloadData() {
  return (
    <Button asChild variant="outline">
      <a href="/api/data-export" download>
        <DownloadIcon aria-hidden="true" />
        Download my data
      </a>
    </Button>
  );
}
