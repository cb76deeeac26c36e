import type { GeneratedImageView, GenerationStatus } from '../../core/api';
import { isVisibleToEveryone } from '../../core/image-access';
import type { Privacy, ThemeId } from '../../core/options';
import type { GeneratedImageRow, GenerationRow } from '../db/schema';

/** Our own permanent URLs (relative to the origin); the browser never sees a provider URL. */
export function imageUrls(id: string, privacy: Privacy) {
  return {
    url: `/images/${id}.png`,
    thumbUrl: `/images/${id}/thumb.webp`,
    // A link to share with others: only a public image has one (its owner reaches a private one).
    shareUrl: isVisibleToEveryone({ privacy }) ? `/i/${id}` : undefined,
  };
}

export function imageView(row: GeneratedImageRow): GeneratedImageView {
  return {
    id: row.id,
    ...imageUrls(row.id, row.privacy),
    width: row.width,
    height: row.height,
    privacy: row.privacy,
    prompt: row.prompt,
    theme: row.theme as ThemeId,
    createdAt: row.createdAt.toISOString(),
    hasVector: row.hasSvg === 1,
    ...(row.subjects ? { subjects: row.subjects } : {}),
  };
}

export function generationView(job: GenerationRow, image?: GeneratedImageRow | null): GenerationStatus {
  return {
    id: job.id,
    status: job.status,
    attempts: job.attempts,
    // A failed generation was refunded (credit and monthly image): it cost nothing.
    cost: job.status === 'failed' ? 0 : job.cost,
    ...(job.phase ? { phase: job.phase } : {}),
    ...(job.error ? { error: job.error } : {}),
    ...(image ? { image: imageView(image) } : {}),
  };
}
