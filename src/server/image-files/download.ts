// A download in any format, size and variant: rendered once, then served from the storage cache.
// Rendering is the expensive part anyone can ask for (public pictures need no sign-in), so a render
// is rate-limited per address and per member, waits for one of a few slots (a full queue is a 503),
// runs in the pixel worker thread, and its file joins a cache held under a size cap.
import { DomainError, notFound } from '../../core/domain-error';
import {
  type DownloadRequest,
  downloadFileName,
  NATIVE_IMAGE_SIZE,
  variantCacheKey,
} from '../../core/download';
import { isUuid } from '../../core/ids';
import { downloadSizeRefusal, type Tier } from '../../core/tiers';
import {
  BackgroundRemovalError,
  InvalidDownloadError,
  renderDownloadOffThread,
  sizeSvg,
} from '../../imaging';
import { createRenderQueue, RenderQueueFullError } from '../../imaging/render-queue';
import type { Database } from '../db/client';
import type { GeneratedImageRow } from '../db/schema';
import type { Logger } from '../logger';
import { effectiveTier } from '../membership/plan';
import {
  addressKey,
  type RateLimiter,
  type RateLimitRule,
  VARIANT_RENDER_ADDRESS_RATE_LIMIT,
  VARIANT_RENDER_MEMBER_RATE_LIMIT,
} from '../platform/rate-limit';
import { imageKeys, type Storage, type StoredObject } from '../storage/storage';
import { evictVariants, recordVariant } from './variant-cache';

export type DownloadFile = StoredObject & { fileName: string; cached: boolean };

/** Who asks: their address (rate limit per client) and, when signed in or using a key, the member. */
export type DownloadClient = { address: string; memberId?: string | null };

export type Downloads = {
  /**
   * While the render queue is full, a download not stored yet is refused (503) before anything else
   * is looked up: a flood of retries must not take the database connections /api/health needs.
   * Says nothing about the picture (a private or missing one is refused alike).
   */
  refuseWhileBusy(input: { imageId: string; request: DownloadRequest }): Promise<void>;
  prepare(input: {
    image: GeneratedImageRow;
    request: DownloadRequest;
    client: DownloadClient;
  }): Promise<DownloadFile>;
};

/**
 * The file a request is answered from. An SVG does not depend on the size (the size only sets its
 * width and height attributes, on the way out: asSized), so every size is answered from the one
 * stored at the picture's own size; and for a picture with its own vector the transparent SVG is
 * that vector, like the original.
 */
function storedRequest(image: GeneratedImageRow, request: DownloadRequest): DownloadRequest {
  if (request.format !== 'svg') return request;
  const variant = image.hasSvg && request.variant === 'transparent' ? 'original' : request.variant;
  return { format: 'svg', size: NATIVE_IMAGE_SIZE, variant };
}

/** The stored original is already the PNG at its own size: no copy of it is made. */
function isOriginalFile(image: GeneratedImageRow, request: DownloadRequest): boolean {
  return (
    request.format === 'png' &&
    request.variant === 'original' &&
    request.size === image.width &&
    request.size === image.height
  );
}

const busy = (error: RenderQueueFullError) =>
  new DomainError('unavailable', error.message, { code: 'busy', retryAfterSeconds: error.retryAfterSeconds });

/** The stored SVG with the asked size as its width and height (its ETag says which size). */
function asSized(file: StoredObject, asked: DownloadRequest): StoredObject {
  if (asked.format !== 'svg' || asked.size === NATIVE_IMAGE_SIZE) return file;
  const bytes = Buffer.from(sizeSvg(file.bytes.toString('utf8'), asked.size), 'utf8');
  return { ...file, bytes, etag: file.etag.replace(/"$/, `-${asked.size}"`) };
}

/**
 * The asker's plan decides the largest size (core's maxDownloadSize): for their own pictures that
 * is the owner's plan; a public picture downloaded by another member goes by that member's plan,
 * and a visitor counts as Free. Asked at every download, so an upgrade opens the larger sizes of
 * every earlier picture at once, and a downgrade closes them.
 */
export async function askerTier(db: Database, client: DownloadClient): Promise<Tier> {
  return client.memberId ? effectiveTier(db, client.memberId) : 'free';
}

async function refuseOverPlan(db: Database, client: DownloadClient, request: DownloadRequest): Promise<void> {
  const refusal = downloadSizeRefusal(await askerTier(db, client), request);
  if (refusal) throw new DomainError('plan_required', refusal);
}

async function limitRenders(rateLimiter: RateLimiter, client: DownloadClient): Promise<void> {
  if (!rateLimiter.enabled) return;
  const limits: Array<[RateLimitRule, string]> = [
    [VARIANT_RENDER_ADDRESS_RATE_LIMIT, addressKey(client.address)],
  ];
  if (client.memberId) limits.push([VARIANT_RENDER_MEMBER_RATE_LIMIT, `member:${client.memberId}`]);
  for (const [rule, key] of limits) {
    const state = await rateLimiter.take(rule, key);
    if (!state.exceeded) continue;
    const wait = state.resetSeconds;
    throw new DomainError(
      'rate_limited',
      `Too many new downloads in a short time. Please wait ${wait} second${wait === 1 ? '' : 's'} and try again; downloads made before are not limited.`,
      { retryAfterSeconds: wait },
    );
  }
}

export function createDownloads(opts: {
  db: Database;
  storage: Storage;
  rateLimiter: RateLimiter;
  logger?: Logger;
  /** Renders at once in this process (VARIANT_RENDER_CONCURRENCY). */
  concurrency: number;
  /** Renders that may wait for a slot; one more is answered 503. */
  maxWaiting: number;
  /** The stored variants are held under this many bytes. */
  cacheBytes: number;
}): Downloads {
  const { db, storage } = opts;
  const queue = createRenderQueue({ concurrency: opts.concurrency, maxWaiting: opts.maxWaiting });

  const render = async (image: GeneratedImageRow, request: DownloadRequest, key: string) => {
    const original = await storage.get(imageKeys.original(image.id));
    if (!original) throw notFound('Image not found');
    const vector = image.hasSvg ? await storage.get(imageKeys.vector(image.id)) : null;
    const file = await renderDownloadOffThread({
      png: original.bytes,
      svg: vector?.bytes.toString('utf8'),
      ...request,
    });
    await storage.put(key, file.bytes, file.contentType);
    await recordVariant(db, { imageId: image.id, key, bytes: file.bytes.length, rendered: true });
    await evictVariants({ db, storage, capBytes: opts.cacheBytes, logger: opts.logger });
    return file;
  };

  return {
    async refuseWhileBusy({ imageId, request }) {
      const refusal = queue.refusal();
      // Not an image id: no storage key is made of it (the usual path answers 404).
      if (!refusal || !isUuid(imageId)) return;
      // The original PNG is never rendered; otherwise every name the file may be stored under
      // (storedRequest needs the picture's row: its transparent SVG may be its original one).
      if (request.format === 'png' && request.variant === 'original' && request.size === NATIVE_IMAGE_SIZE)
        return;
      const size = request.format === 'svg' ? NATIVE_IMAGE_SIZE : request.size;
      const variants = request.format === 'svg' ? [request.variant, 'original' as const] : [request.variant];
      for (const variant of variants) {
        const key = imageKeys.variant(imageId, variantCacheKey({ ...request, size, variant }));
        if (await storage.get(key)) return;
      }
      throw busy(refusal);
    },
    async prepare({ image, request: asked, client }) {
      await refuseOverPlan(db, client, asked);
      const request = storedRequest(image, asked);
      const fileName = downloadFileName({ prompt: image.prompt, ...asked });
      if (isOriginalFile(image, request)) {
        const original = await storage.get(imageKeys.original(image.id));
        if (!original) throw notFound('Image not found');
        return { ...original, fileName, cached: true };
      }
      const key = imageKeys.variant(image.id, variantCacheKey(request));
      const cached = await storage.get(key);
      if (cached) {
        await recordVariant(db, { imageId: image.id, key, bytes: cached.bytes.length, rendered: false });
        return { ...asSized(cached, asked), fileName, cached: true };
      }

      await limitRenders(opts.rateLimiter, client);
      try {
        const file = await queue.run(key, () => render(image, request, key));
        // The stored copy's ETag (the store names it), so the next request can revalidate.
        const stored = await storage.get(key);
        return {
          ...asSized(stored ?? { bytes: file.bytes, contentType: file.contentType, etag: '' }, asked),
          fileName,
          cached: false,
        };
      } catch (error) {
        if (error instanceof RenderQueueFullError) throw busy(error);
        if (error instanceof InvalidDownloadError)
          throw new DomainError('invalid', error.message, { code: 'invalid_download' });
        if (error instanceof BackgroundRemovalError)
          throw new DomainError('declined', error.message, { code: 'background_not_removable' });
        throw error;
      }
    },
  };
}
