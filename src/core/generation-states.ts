// The one list of a generation job's states and phases: the API schema, the database column and
// the browser's status check all read it. No zod here, so the generator's chunk stays small.

export const GENERATION_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type GenerationState = (typeof GENERATION_STATES)[number];

/** While running: what the job is doing now. */
export const GENERATION_PHASES = ['generating', 'checking', 'storing'] as const;
export type GenerationPhase = (typeof GENERATION_PHASES)[number];

export function isGenerationState(value: unknown): value is GenerationState {
  return GENERATION_STATES.includes(value as GenerationState);
}
