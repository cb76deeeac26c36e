import type * as React from 'react';
import { cn } from '../lib/utils';
import { PageTitle } from './page-title';

type PageHeroProps = {
  /** The page's one <h1>; also used for the document title unless `documentTitle` is given. */
  title: string;
  documentTitle?: string;
  eyebrow?: string;
  description?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
};

/** The heading band every content page starts with. */
export function PageHero({ title, documentTitle, eyebrow, description, children, className }: PageHeroProps) {
  return (
    <section className={cn('border-b bg-gradient-to-b from-violet-50 to-background', className)}>
      <PageTitle title={documentTitle ?? title} />
      <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:px-6 sm:py-16">
        {eyebrow && <p className="font-semibold text-primary text-sm uppercase tracking-wide">{eyebrow}</p>}
        <h1 className="mt-2 text-balance font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
        {description && (
          <p className="mx-auto mt-4 max-w-2xl text-pretty text-lg text-muted-foreground">{description}</p>
        )}
        {children}
      </div>
    </section>
  );
}

const WIDTHS = { sm: 'max-w-md', md: 'max-w-3xl', lg: 'max-w-5xl', xl: 'max-w-6xl' } as const;

export function PageContainer({
  size = 'lg',
  className,
  ...props
}: React.ComponentProps<'div'> & { size?: keyof typeof WIDTHS }) {
  return (
    <div className={cn('mx-auto w-full px-4 py-10 sm:px-6 sm:py-14', WIDTHS[size], className)} {...props} />
  );
}
