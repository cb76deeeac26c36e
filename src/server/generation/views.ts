import type { GenerationStatus } from '../../core/api';
import type { GeneratedImageRow, GenerationRow } from '../db/schema';
import { imageView } from '../images/views';

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
