import { SparklesIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '../lib/session';
import { cn } from '../lib/utils';
import { Button, type ButtonProps } from './ui/button';

/**
 * Where "create" leads: the generator for a member; for a visitor, sign-up, the first step to it
 * (the generator would only send them to sign in). A prerendered page shows the visitor's link.
 */
export function useCreateLink(): string {
  return useSession().status === 'signed-in' ? '/create' : '/signup';
}

/** The way to the generator (/create): a link that looks like a button, with the sparkles. */
export function CreateButton({ children, ...button }: Omit<ButtonProps, 'asChild'>) {
  const to = useCreateLink();
  return (
    <Button asChild {...button}>
      <Link to={to}>
        <SparklesIcon aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}

/** The call to action that closes an information page: start creating, or one other way on. */
export function StartCreating({
  also,
  className,
}: {
  also: { to: string; label: string };
  className?: string;
}) {
  const to = useCreateLink();
  return (
    <div className={cn('flex flex-col items-center justify-center gap-3 sm:flex-row', className)}>
      <Button asChild size="lg">
        <Link to={to}>Start Creating</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to={also.to}>{also.label}</Link>
      </Button>
    </div>
  );
}
