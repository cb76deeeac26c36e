import { SparklesIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../lib/utils';
import { Button, type ButtonProps } from './ui/button';

/** The way to the generator (/create): a link that looks like a button, with the sparkles. */
export function CreateButton({ children, ...button }: Omit<ButtonProps, 'asChild'>) {
  return (
    <Button asChild {...button}>
      <Link to="/create">
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
  return (
    <div className={cn('flex flex-col items-center justify-center gap-3 sm:flex-row', className)}>
      <Button asChild size="lg">
        <Link to="/create">Start Creating</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to={also.to}>{also.label}</Link>
      </Button>
    </div>
  );
}
