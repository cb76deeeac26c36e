import { useState } from 'react';
import { avatarInitials } from '../../core/user';
import { cn } from '../lib/utils';

// Dark enough for white initials to meet AA contrast.
const AVATAR_COLOURS = [
  '#6d28d9',
  '#1d4ed8',
  '#047857',
  '#be123c',
  '#a16207',
  '#0f766e',
  '#7e22ce',
  '#c2410c',
];

function colourFor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return AVATAR_COLOURS[Math.abs(hash) % AVATAR_COLOURS.length];
}

type UserAvatarProps = {
  /** The member's display name (never the e-mail: its letters would show in the initials). */
  name: string | null | undefined;
  /** An uploaded picture; when missing or broken the initials avatar shows instead. */
  imageUrl?: string | null;
  className?: string;
};

/**
 * Initials drawn locally from the display name (no third-party avatar service).
 * Decorative: whatever it sits in carries the person's name as text or as an accessible label.
 */
export function UserAvatar({ name, imageUrl, className }: UserAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const seed = name ?? '';
  const showImage = Boolean(imageUrl) && failedUrl !== imageUrl;

  if (showImage && imageUrl) {
    return (
      <img
        src={imageUrl}
        alt=""
        width={32}
        height={32}
        onError={() => setFailedUrl(imageUrl)}
        className={cn('size-8 shrink-0 rounded-full object-cover', className)}
        data-testid="user-avatar-image"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="user-avatar-initials"
      className={cn(
        'inline-flex size-8 shrink-0 select-none items-center justify-center rounded-full font-semibold text-white text-xs uppercase',
        className,
      )}
      style={{ backgroundColor: colourFor(seed) }}
    >
      {avatarInitials(seed)}
    </span>
  );
}
