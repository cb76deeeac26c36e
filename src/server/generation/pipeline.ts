// Runs one generation job: provider → (Triple Validation) → transparency → storage → settle.
// Runs outside any transaction; only the claim and the settle touch the database.
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { IMAGE_SIZE, VALIDATION_ATTEMPTS } from '../../core/constants';
import { privacyPaidAtGeneration } from '../../core/image-access';
import { MESSAGES } from '../../core/messages';
import type { Privacy, ThemeId } from '../../core/options';
import { findPalette } from '../../core/palettes';
import { type Database, queryRows } from '../db/client';
import { generatedImages, generations } from '../db/schema';
import type { ThumbnailQueue } from '../image-files/thumbnails';
import type { Logger } from '../logger';
import type { Deletions } from '../storage/deletions';
import { imageKeys, type Storage } from '../storage/storage';
import type { GenerationEvents } from './events';
import {
  type GeneratedImage,
  type GenerateImageInput,
  type ImageCheck,
  type ImageProvider,
  ProviderError,
  type Quality,
} from './ports';
import { failGeneration, STUCK_MESSAGE, TIMED_OUT_MESSAGE } from './service';
import { generationView } from './views';

export type PipelineDeps = {
  db: Database;
  storage: Storage;
  deletions: Deletions;
  provider: ImageProvider;
  imageCheck: ImageCheck;
  events: GenerationEvents;
  logger: Logger;
  /** Pause after a failed check before the next attempt (2 s; shorter in tests). */
  validationPauseMs: number;
  /** Makes a provider image on a plain background transparent. */
  removeBackground: (png: Buffer) => Promise<Buffer>;
  /** Makes the grid thumbnail of each new image in the background. */
  thumbnails: ThumbnailQueue;
  /**
   * How often a running job refreshes its heartbeat, for the in-process runner's sweeper. Unset
   * with pg-boss: its own expiry brings back a job whose worker stopped.
   */
  heartbeatMs?: number;
  /** The job's deadline: all its attempts together; its provider calls are cancelled then. */
  jobTimeoutMs: number;
};

/**
 * Every image-model call is an attempt the person sees (`attempts`), whoever makes it: a Triple
 * Validation retry after a NO, or the queue's retry after a busy or failed call. The SDK makes
 * none of its own, so a generation never costs more calls than this.
 */
export const ATTEMPT_LIMIT = VALIDATION_ATTEMPTS;

/** Thrown to a queue that may try again: the job is back in 'queued', nothing was refunded. */
export class RetryLater extends Error {
  constructor(override readonly cause: ProviderError) {
    super(cause.userMessage);
    this.name = 'RetryLater';
  }
}

type Phase = 'generating' | 'checking' | 'storing';

/**
 * Runs a queued job once. With `canRetry`, a transient provider failure puts the job back in the
 * queue (RetryLater) instead of failing it, while it has attempts left; the queue decides when.
 * With `takeOver` (pg-boss), a job still marked running is taken too: the queue hands it out
 * again only after its previous worker stopped, long past that run's deadline.
 */
export async function runGeneration(
  deps: PipelineDeps,
  id: string,
  opts: { canRetry?: boolean; takeOver?: boolean; freeSlot?: () => void } = {},
): Promise<void> {
  const { db, events, logger } = deps;
  const open = inArray(generations.status, opts.takeOver ? ['queued', 'running'] : ['queued']);
  // The claim also takes the first attempt of this run: one statement on the common path.
  const [job] = await db
    .update(generations)
    .set({
      status: 'running',
      phase: 'generating',
      attempts: sql`${generations.attempts} + 1`,
      startedAt: sql`coalesce(${generations.startedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(and(eq(generations.id, id), open, lt(generations.attempts, ATTEMPT_LIMIT)))
    .returning();
  if (!job) {
    // Another runner took it or it was settled; or its worker stopped after its last attempt.
    if (
      opts.takeOver &&
      (await failGeneration(deps, { id, message: STUCK_MESSAGE, whenOutOfAttempts: ATTEMPT_LIMIT }))
    )
      logger.warn(
        { generationId: id },
        'a job whose worker stopped had no attempts left; failed and refunded',
      );
    return;
  }
  events.publish(id, generationView(job));

  // Each step also refreshes updated_at: a heartbeat that keeps the sweeper away from live jobs.
  const progress = async (fields: { phase?: Phase }) => {
    await db
      .update(generations)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(generations.id, id), eq(generations.status, 'running')));
    events.publish(id);
  };

  // While a provider call runs (up to minutes), a timer keeps the heartbeat going.
  const heartbeat = deps.heartbeatMs
    ? setInterval(() => {
        void progress({}).catch(() => {});
      }, deps.heartbeatMs)
    : undefined;
  heartbeat?.unref();
  const deadline = AbortSignal.timeout(deps.jobTimeoutMs);
  try {
    const image = await produceImage(deps, {
      id,
      prompt: job.finalPrompt,
      userPrompt: job.cleanedPrompt,
      theme: job.theme as ThemeId,
      palette: findPalette(job.palette)?.id ?? null,
      artDirection: job.artDirection ?? null,
      quality: job.quality as Quality,
      seed: job.seed,
      firstAttempt: job.attempts,
      progress,
      signal: deadline,
      freeSlot: opts.freeSlot,
    });
    // No separate 'storing' write: settling follows within milliseconds, and every write wakes
    // each progress stream for a re-read.
    const imageId = await storeImage(deps, { job, image, signal: deadline });
    logger.info({ generationId: id, imageId, provider: image.provider }, 'generation succeeded');
  } catch (error) {
    if (deadline.aborted) {
      logger.warn({ generationId: id, timeoutMs: deps.jobTimeoutMs }, 'generation stopped at its deadline');
      await failGeneration(deps, { id, message: TIMED_OUT_MESSAGE });
      return;
    }
    if (opts.canRetry && error instanceof ProviderError && error.transient) {
      const requeued = await db
        .update(generations)
        .set({ status: 'queued', phase: null, updatedAt: new Date() })
        .where(
          and(
            eq(generations.id, id),
            eq(generations.status, 'running'),
            lt(generations.attempts, ATTEMPT_LIMIT),
          ),
        )
        .returning({ id: generations.id });
      if (requeued.length > 0) {
        events.publish(id);
        logger.warn(
          { generationId: id, code: error.code },
          'transient provider failure; the queue will retry',
        );
        throw new RetryLater(error);
      }
    }
    const message = error instanceof ProviderError ? error.userMessage : MESSAGES.failedToGenerate;
    if (!(error instanceof ProviderError))
      logger.error({ err: error, generationId: id }, 'generation failed');
    else
      logger.warn(
        { generationId: id, code: error.code, cause: error.cause, operatorNote: error.operatorNote },
        'provider failed',
      );
    await failGeneration(deps, { id, message });
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * Records the next attempt before its provider call, in the job row, so the count survives a
 * queue retry or a crash. Returns its number, or null when the job has used all of them.
 */
async function takeAttempt(db: Database, id: string): Promise<number | null> {
  const [row] = await db
    .update(generations)
    .set({ attempts: sql`${generations.attempts} + 1`, phase: 'generating', updatedAt: new Date() })
    .where(
      and(eq(generations.id, id), eq(generations.status, 'running'), lt(generations.attempts, ATTEMPT_LIMIT)),
    )
    .returning({ attempts: generations.attempts });
  return row?.attempts ?? null;
}

async function produceImage(
  deps: PipelineDeps,
  input: {
    id: string;
    prompt: string;
    userPrompt: string;
    theme: ThemeId;
    palette: GenerateImageInput['palette'];
    artDirection: GenerateImageInput['artDirection'];
    quality: Quality;
    seed: number;
    /** The attempt the claim already took. */
    firstAttempt: number;
    progress: (fields: { phase?: Phase }) => Promise<void>;
    signal: AbortSignal;
    /** Called once no more provider calls are needed: the job's slot goes to the next job. */
    freeSlot?: () => void;
  },
): Promise<StorableImage> {
  // Triple Validation: checked attempts until one passes; Standard quality makes one unchecked one.
  const checked = input.quality === 'high';
  for (let taken: number | null = input.firstAttempt; ; taken = null) {
    const attempt = taken ?? (await takeAttempt(deps.db, input.id));
    if (attempt === null) {
      throw new ProviderError({
        code: 'failed',
        userMessage: checked ? MESSAGES.noValidImage : MESSAGES.failedToGenerate,
      });
    }
    if (attempt !== input.firstAttempt) deps.events.publish(input.id);
    const result = await deps.provider.generateImage({
      prompt: input.prompt,
      userPrompt: input.userPrompt,
      theme: input.theme,
      palette: input.palette,
      artDirection: input.artDirection,
      quality: input.quality,
      seed: input.seed + attempt - 1,
      signal: input.signal,
    });
    // Unchecked, the picture is final: cutting out its background and storing it overlap the
    // next job's provider call instead of delaying it.
    if (!checked) input.freeSlot?.();
    // A scene background was asked for: it is the picture, not something to cut out.
    const keepBackground = input.artDirection?.background === 'scene';
    const { png, transparentBackground } = await normalise(deps, result, keepBackground);
    if (!checked) return { ...result, png, transparentBackground };
    await input.progress({ phase: 'checking' });
    const verdict = await deps.imageCheck
      .check({ png, prompt: input.userPrompt, signal: input.signal })
      // The spec: a check that errors counts as valid (a cancelled one is not a pass, nor one the
      // check itself reports as unusable: a ProviderError, see checks/vision.ts).
      .catch((error) => {
        if (input.signal.aborted || error instanceof ProviderError) throw error;
        deps.logger.warn({ err: error }, 'image check errored; treating the image as valid');
        return { ok: true, reason: 'check unavailable' };
      });
    if (verdict.ok) {
      input.freeSlot?.();
      return { ...result, png, transparentBackground };
    }
    deps.logger.info({ attempt, reason: verdict.reason }, 'image check said NO');
    if (attempt >= ATTEMPT_LIMIT)
      throw new ProviderError({ code: 'failed', userMessage: MESSAGES.noValidImage });
    await sleep(deps.validationPauseMs, undefined, { signal: input.signal });
  }
}

/** What is stored: the 1024 px PNG, and whether its background really is transparent. */
type StorableImage = GeneratedImage & { png: Buffer; transparentBackground: boolean };

/**
 * A 1024×1024 PNG with a transparent background, whatever the provider returned, except when the
 * provider's background cannot be cut out: then the picture as it came, and `transparentBackground` false.
 */
async function normalise(
  deps: PipelineDeps,
  result: GeneratedImage & { transparent?: boolean },
  keepBackground = false,
): Promise<{ png: Buffer; transparentBackground: boolean }> {
  if (!result.png || result.png.length === 0) {
    throw new ProviderError({ code: 'no_data', userMessage: MESSAGES.noImageData });
  }
  let png = result.png;
  const meta = await sharp(png).metadata();
  if (meta.format !== 'png' || meta.width !== IMAGE_SIZE || meta.height !== IMAGE_SIZE) {
    png = await sharp(png)
      .resize(IMAGE_SIZE, IMAGE_SIZE, { fit: 'contain', background: '#ffffff00' })
      .png()
      .toBuffer();
  }
  if (keepBackground) return { png, transparentBackground: false };
  const transparent = result.transparent ?? Boolean(result.svg);
  if (transparent) return { png, transparentBackground: true };
  try {
    return { png: await deps.removeBackground(png), transparentBackground: true };
  } catch (error) {
    // A busy, photo-like background cannot be cut out; the picture is still worth keeping as is.
    deps.logger.info({ reason: (error as Error).message }, 'kept the provider background');
    return { png, transparentBackground: false };
  }
}

async function storeImage(
  deps: PipelineDeps,
  opts: { job: typeof generations.$inferSelect; image: StorableImage; signal?: AbortSignal },
): Promise<string> {
  const { db, storage } = deps;
  const { job, image } = opts;
  const imageId = crypto.randomUUID();
  try {
    await Promise.all([
      // A store that hangs gives up at the job's deadline, not after it.
      storage.put(imageKeys.original(imageId), image.png, 'image/png', { signal: opts.signal }),
      image.svg
        ? storage.put(imageKeys.vector(imageId), Buffer.from(image.svg), 'image/svg+xml', {
            signal: opts.signal,
          })
        : null,
    ]);
  } catch (error) {
    // One file may have landed; the upload's error is what the job reports.
    await deps.deletions.discard(imageKeys.prefix(imageId), 'upload failed');
    throw error;
  }

  // One statement settles the job and records the image: both happen, or neither (the job was
  // failed and refunded meanwhile by the sweeper). It returns what the job's view needs besides
  // what is written here, so the progress stream shows the result without reading it back.
  const [recorded] = await queryRows<{ attempts: number; cost: number; created_ms: number }>(
    db,
    sql`with done as (
      update ${generations}
      set status = 'succeeded', phase = null, image_id = ${imageId}::uuid, finished_at = now(), updated_at = now()
      where id = ${job.id} and status = 'running'
      returning id, attempts, cost
    ), recorded as (
      insert into ${generatedImages}
        (id, user_id, generation_id, prompt, final_prompt, theme, quality, privacy, privacy_paid, provider, model, width, height, has_svg, transparent_background, subjects, art_direction, art_sets)
      select ${imageId}::uuid, ${job.userId}, done.id, ${job.prompt}, ${job.finalPrompt}, ${job.theme},
        ${job.quality}, ${job.privacy}, ${privacyPaidAtGeneration(job.privacy as Privacy)}, ${image.provider}, ${image.model}, ${IMAGE_SIZE}::int,
        ${IMAGE_SIZE}::int, ${image.svg ? 1 : 0}::int, ${image.transparentBackground}::boolean,
        ${image.subjects ? JSON.stringify(image.subjects) : null}::jsonb,
        ${job.artDirection ? JSON.stringify(job.artDirection) : null}::jsonb,
        ${image.artSets ? JSON.stringify(image.artSets) : null}::jsonb
      from done
      returning created_at
    )
    select done.attempts, done.cost, extract(epoch from recorded.created_at) * 1000 as created_ms
    from done, recorded`,
  );
  if (!recorded) {
    // The sweeper failed and refunded this job meanwhile; its result must not appear for free.
    await deps.deletions.discard(imageKeys.prefix(imageId), 'job already settled');
    throw new ProviderError({ code: 'failed', userMessage: MESSAGES.failedToGenerate });
  }
  const settled = generationView(
    {
      id: job.id,
      status: 'succeeded',
      attempts: recorded.attempts,
      cost: recorded.cost,
      phase: null,
      error: null,
    },
    {
      id: imageId,
      privacy: job.privacy as Privacy,
      width: IMAGE_SIZE,
      height: IMAGE_SIZE,
      prompt: job.prompt,
      theme: job.theme,
      createdAt: new Date(Number(recorded.created_ms)),
      hasSvg: image.svg ? 1 : 0,
      transparentBackground: image.transparentBackground,
      subjects: image.subjects ?? null,
      artDirection: job.artDirection ?? null,
      artSets: image.artSets ?? null,
    },
  );
  deps.events.publish(job.id, settled);
  // The thumbnail is for grids, not for the person waiting on this result: background work.
  deps.thumbnails.add(imageId, image.png);
  return imageId;
}
