import { RefreshCwIcon } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PageTitle } from './page-title';
import { Button } from './ui/button';

type Props = { children: ReactNode };
type State = { error: unknown };

/**
 * Catches a page that fails to render or whose code fails to load (typically right after a deploy,
 * when the old chunk names are gone): a reload fetches the new build. The navigation stays usable;
 * the layout remounts this boundary on every route change, which clears the error.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('page crashed', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
        <PageTitle title="Something went wrong" />
        <h1 className="font-bold text-2xl">Something went wrong</h1>
        <p className="text-muted-foreground">This page could not be shown. Reloading usually fixes it.</p>
        <div className="flex gap-2">
          <Button onClick={() => window.location.reload()}>
            <RefreshCwIcon aria-hidden="true" />
            Reload
          </Button>
          <Button asChild variant="outline">
            <a href="/">Go home</a>
          </Button>
        </div>
      </div>
    );
  }
}
