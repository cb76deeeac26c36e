import { LockIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { MESSAGES } from '../../../core/messages';
import { Button } from '../ui/button';

/** What a protected account page shows a signed-out visitor (SPEC §2 /settings). */
export function SignInNotice({ title }: { title: string }) {
  const location = useLocation();
  const redirectTo = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border bg-card px-6 py-12 text-center shadow-sm">
      <LockIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{MESSAGES.signInToView}</p>
      <Button asChild>
        <Link to={`/login?redirectTo=${redirectTo}`}>Sign In</Link>
      </Button>
    </div>
  );
}
