import { Link } from 'react-router';
import { cn } from '../lib/utils';

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="64" height="64" rx="14" fill="#6d28d9" />
      <path
        d="M20 44V24a6 6 0 0 1 12 0v18a3 3 0 0 0 6 0V22"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <circle cx="46" cy="18" r="5" fill="#fbbf24" />
    </svg>
  );
}

export function BrandLink({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn('flex items-center gap-2 rounded-md font-bold text-lg tracking-tight', className)}
      aria-label="Clipsmith home"
    >
      <BrandMark />
      <span>Clipsmith</span>
    </Link>
  );
}
