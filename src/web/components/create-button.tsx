import { SparklesIcon } from 'lucide-react';
import { Link } from 'react-router';
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
