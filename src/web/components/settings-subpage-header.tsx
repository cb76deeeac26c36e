import { ArrowLeftIcon } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import { PageTitle } from './page-title';

/** The top of a page under Account Settings (API keys, Styles): title, the way back, and what the page is for. */
export function SettingsSubpageHeader({
  title,
  icon,
  children,
}: {
  title: string;
  icon?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <>
      <PageTitle title={title} />
      <Link
        to="/settings"
        className="inline-flex items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Account Settings
      </Link>
      <header className="mt-3">
        <h1
          className={
            icon
              ? 'flex items-center gap-2 font-bold text-3xl tracking-tight'
              : 'font-bold text-3xl tracking-tight'
          }
        >
          {icon}
          {title}
        </h1>
        <p className="mt-2 text-muted-foreground">{children}</p>
      </header>
    </>
  );
}
