import { MailCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { BrandMark } from './brand-logo';
import { PageTitle } from './page-title';
import { Button } from './ui/button';

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

/** "Check your inbox" after a form sent a link by e-mail, with a way back to the form. */
export function MailSentNotice({
  title,
  onUseAnotherEmail,
  children,
}: {
  title: string;
  onUseAnotherEmail: () => void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 text-center" role="status">
      <MailCheckIcon className="size-10 text-success" aria-hidden="true" />
      <p className="font-semibold">{title}</p>
      {children}
      <Button variant="outline" className="mt-2" onClick={onUseAnotherEmail}>
        Use a different email
      </Button>
    </div>
  );
}

/** The auth form's full-width submit button; while `busy` it is disabled and says what is happening. */
export function AuthSubmit({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={busy}>
      {busy ? busyLabel : children}
    </Button>
  );
}
