// The messages between the server and the pixel worker thread, and the plain types they carry.
// A leaf module: the worker, its callers and the thread all import it, and it imports none of them.
import type { DownloadFormat, DownloadSize, DownloadVariant } from '../core/download';
import type { TracePixelsInput } from './trace-pixels';

export type BackgroundRemovalFailure = 'not-plain-background' | 'empty-subject';

export interface RemoveBackgroundOptions {
  /** RGB distance (0–441) under which a pixel counts as background; by default set from the border's noise. */
  tolerance?: number;
}

export type RemoveBackgroundResult = 'already-transparent' | 'removed';

export interface RenderDownloadInput {
  /** The stored picture (PNG, normally 1024×1024). */
  png: Buffer;
  /** The picture's own vector when it has one (composer pictures); null or absent otherwise. */
  svg?: string | null;
  format: DownloadFormat;
  size: DownloadSize;
  variant: DownloadVariant;
}

export type PixelTask =
  | { kind: 'trace'; input: TracePixelsInput }
  | { kind: 'remove-background'; png: Uint8Array; options: RemoveBackgroundOptions }
  | { kind: 'render'; input: Omit<RenderDownloadInput, 'png'> & { png: Uint8Array } };

export type PixelTaskReply =
  | { id: number; ok: true; kind: 'trace'; svg: string }
  /** `png` is the cut-out picture; absent when the picture was already transparent. */
  | { id: number; ok: true; kind: 'remove-background'; result: RemoveBackgroundResult; png?: Uint8Array }
  | {
      id: number;
      ok: true;
      kind: 'render';
      bytes: Uint8Array;
      contentType: string;
      ext: string;
      traced: boolean;
    }
  | { id: number; ok: false; message: string; code?: BackgroundRemovalFailure };

export type PixelTaskFailure = Extract<PixelTaskReply, { ok: false }>;
