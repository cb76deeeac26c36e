import type { ReactNode } from 'react';
import { BrandMark } from './brand-logo';
import { PageTitle } from './page-title';

/** The centred card the sign-in, sign-up and password pages share. */
export function AuthCard({
  title,
  documentTitle,
  description,
  children,
  footer,
}: {
  title: string;
  documentTitle: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-start justify-center bg-gradient-to-b from-violet-50 to-background px-4 py-10 sm:items-center sm:py-16">
      <PageTitle title={documentTitle} />
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          <BrandMark className="size-12" />
          <h1 className="mt-4 font-bold text-2xl tracking-tight sm:text-3xl">{title}</h1>
          {description && <p className="mt-2 text-muted-foreground">{description}</p>}
        </div>
        <div className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">{children}</div>
        {footer && <div className="mt-6 text-center text-muted-foreground text-sm">{footer}</div>}
      </div>
    </div>
  );
}

export const inlineLinkClass = 'rounded-sm font-medium text-primary underline-offset-4 hover:underline';
