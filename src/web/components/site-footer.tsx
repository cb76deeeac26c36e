import { Link } from 'react-router';
import { useHydrated } from '../lib/hydration';
import { BrandLink } from './brand-logo';

const FOOTER_COLUMNS: { title: string; links: { to: string; label: string }[] }[] = [
  {
    title: 'Product',
    links: [
      { to: '/create', label: 'Create Clipart' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/how-it-works', label: 'How It Works' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: '/faq', label: 'FAQ' },
      { to: '/blog', label: 'Blog' },
      { to: '/docs/api', label: 'API reference' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Service' },
    ],
  },
];

export function SiteFooter() {
  // Today's year, not the year the page was prerendered in (added once the page is live).
  const year = useHydrated() ? new Date().getFullYear() : null;
  return (
    <footer className="mt-auto border-t bg-muted/60">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)]">
        <div className="col-span-full max-w-xs md:col-span-1">
          <BrandLink />
          <p className="mt-3 text-muted-foreground text-sm leading-relaxed">
            Describe it in a sentence, get square clipart for stickers, slides, posts and blogs.
          </p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="font-semibold text-sm">{column.title}</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="rounded-sm text-muted-foreground text-sm transition-colors hover:text-foreground"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-muted-foreground text-sm sm:px-6">
          © {year} Clipsmith. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
