import { CompassIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { PageContainer } from '../components/page-shell';
import { PageTitle } from '../components/page-title';
import { Button } from '../components/ui/button';
import { useSession } from '../lib/session';

/** Any address the app has no page for: say so, and offer the ways on. */
export default function NotFoundPage() {
  const { status } = useSession();
  const { pathname } = useLocation();
  const signedIn = status === 'signed-in';
  return (
    <PageContainer size="sm" className="flex flex-1 flex-col items-center justify-center text-center">
      <PageTitle title="Page not found" />
      <CompassIcon className="size-14 text-primary" aria-hidden="true" />
      <h1 className="mt-4 font-bold text-3xl tracking-tight">Page not found</h1>
      <p className="mt-3 break-words text-muted-foreground">
        There is no page at <code className="rounded bg-muted px-1.5 py-0.5 text-sm">{pathname}</code>. The
        link may be mistyped or out of date.
      </p>
      <nav aria-label="Ways on" className="mt-8 flex w-full flex-col justify-center gap-3 sm:flex-row">
        <Button asChild>
          <Link to={signedIn ? '/dashboard' : '/'}>
            {signedIn ? 'Go to Dashboard' : 'Go to the home page'}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={signedIn ? '/history' : '/pricing'}>{signedIn ? 'Your history' : 'See pricing'}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/faq">Questions and answers</Link>
        </Button>
      </nav>
    </PageContainer>
  );
}
