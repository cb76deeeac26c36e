// The generation pipeline's ports. Each outside service (image model, image check, moderation)
// has an embedded default and a real adapter; the pipeline only knows these types.

import type { DrawnSubject } from '../../core/api';
import type { ArtDirection } from '../../core/art-direction';
import type { Quality, ThemeId } from '../../core/options';
import type { PaletteId } from '../../core/palettes';

export type { Quality };

export type GenerateImageInput = {
  /** The final prompt sent to a model: cleaned and wrapped in the clipart instructions. */
  prompt: string;
  /** What the person typed, cleaned of background phrases, for providers that do their own matching. */
  userPrompt: string;
  theme: ThemeId;
  /** A custom style's palette, for providers that paint themselves (the model prompt names it already). */
  palette?: PaletteId | null;
  /**
   * The art direction controls set, for providers that draw themselves (the model prompt names
   * them already); null or absent: none.
   */
  artDirection?: ArtDirection | null;
  quality: Quality;
  /** Varies layout for providers that can be seeded; the same seed gives the same picture. */
  seed: number;
  signal?: AbortSignal;
};

export type GeneratedImage = {
  /** A 1024x1024 PNG. */
  png: Buffer;
  /** The provider's own vector, when it has one (the offline composer does). */
  svg?: string;
  provider: string;
  model: string;
  /** What was drawn, for providers that compose from known art (the offline composer); others leave it out. */
  subjects?: DrawnSubject[];
  /** The open art sets it drew with (the offline composer), for the credit CC BY art asks for. */
  artSets?: string[];
};

export type ImageProvider = {
  name: string;
  model: string;
  /** Its pictures come on a plain background that the pipeline removes (a CPU-heavy step). */
  opaqueOutput?: boolean;
  generateImage(input: GenerateImageInput): Promise<GeneratedImage>;
};

export type ImageCheckResult = { ok: boolean; reason: string };

/** "Triple Validation": is this a usable clipart picture of the prompt? */
export type ImageCheck = {
  name: string;
  /** `prompt` is the cleaned one (cleanPrompt): one line, trimmed, without background talk. */
  check(input: { png: Buffer; prompt: string; signal?: AbortSignal }): Promise<ImageCheckResult>;
};

export type ModerationResult = { allowed: true } | { allowed: false; message: string };

export type Moderation = {
  name: string;
  check(prompt: string): Promise<ModerationResult>;
};

export type ProviderErrorCode = 'busy' | 'declined' | 'unavailable' | 'no_data' | 'timeout' | 'failed';

/**
 * A provider failure with the message the person sees. `cause` keeps the real reason for the
 * operator's log; `transient` tells a queue whether a retry may help.
 */
export class ProviderError extends Error {
  readonly code: ProviderErrorCode;
  readonly userMessage: string;
  readonly transient: boolean;
  /** Advice for whoever runs the installation, logged beside the failure, never shown to members. */
  readonly operatorNote?: string;

  constructor(opts: {
    code: ProviderErrorCode;
    userMessage: string;
    transient?: boolean;
    cause?: unknown;
    operatorNote?: string;
  }) {
    super(opts.userMessage, { cause: opts.cause });
    this.name = 'ProviderError';
    this.code = opts.code;
    this.userMessage = opts.userMessage;
    this.transient = opts.transient ?? false;
    this.operatorNote = opts.operatorNote;
  }
}
