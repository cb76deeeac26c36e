import { useState } from 'react';
import { cn } from '../../lib/utils';

type ProgressiveImageProps = {
  image: { url: string; thumbUrl: string; width: number; height: number };
  alt: string;
  className?: string;
  /** Give the full image network priority (the share page's main picture). */
  priority?: boolean;
};

/**
 * The full-size picture with its (usually already cached) thumbnail underneath until the full one
 * has loaded, so a large view never opens on an empty box.
 */
export function ProgressiveImage({ image, alt, className, priority }: ProgressiveImageProps) {
  const [loaded, setLoaded] = useState(false);
  return (
    <div className={cn('relative', className)} style={{ aspectRatio: `${image.width} / ${image.height}` }}>
      {!loaded && (
        <img
          src={image.thumbUrl}
          alt=""
          aria-hidden="true"
          width={image.width}
          height={image.height}
          className="absolute inset-0 size-full object-contain blur-[2px]"
        />
      )}
      <img
        src={image.url}
        alt={alt}
        width={image.width}
        height={image.height}
        onLoad={() => setLoaded(true)}
        fetchPriority={priority ? 'high' : undefined}
        className={cn(
          'relative size-full object-contain transition-opacity duration-300 motion-reduce:transition-none',
          loaded ? 'opacity-100' : 'opacity-0',
        )}
      />
    </div>
  );
}
