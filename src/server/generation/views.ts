import type { GenerationStatus } from '../../core/api';
import type { GenerationRow } from '../db/schema';
import { type ImageViewFields, imageView } from '../gallery/views';

/** The columns of a job its view is made of. */
export type GenerationViewFields = Pick<
  GenerationRow,
  'id' | 'status' | 'attempts' | 'cost' | 'phase' | 'error'
>;

export function generationView(job: GenerationViewFields, image?: ImageViewFields | null): GenerationStatus {
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
