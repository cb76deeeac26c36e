// OpenAI Images adapter (and any OpenAI-compatible /v1/images/generations server), and the SDK
// client, error mapping and logger every OpenAI adapter shares. Every model-specific choice lives in
// the table in openai-models.ts; this file is model-agnostic.

import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI from 'openai';
import type { ImageGenerateParamsNonStreaming } from 'openai/resources/images';
import sharp from 'sharp';
import { MESSAGES } from '../../../core/messages';
import type { CheckReport } from '../../health/checks';
import { silentLogger } from '../../logger';
import { DECLINED_MESSAGE } from '../moderation/messages';
import {
  type GeneratedImage,
  type GenerateImageInput,
  type ImageProvider,
  ProviderError,
  type ProviderErrorCode,
} from '../ports';
import { imageModel } from './openai-models';

/** A pino-like logger; adapters never write to the console (tests fail on console.error). */
export type AdapterLogger = {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const IMAGE_SIZE = 1024;

/** The provider's failures in the words of core/messages (one home for every user-facing text). */
export const PROVIDER_MESSAGES = {
  busy: MESSAGES.providerBusy,
  declined: DECLINED_MESSAGE,
  unavailable: MESSAGES.generationUnavailable,
  noData: MESSAGES.noImageData,
  failed: MESSAGES.failedToGenerate,
} as const;

/** The request body for one picture; exported so tests and the operator can see what is sent. */
export function buildImageRequest(
  model: string,
  input: Pick<GenerateImageInput, 'prompt' | 'quality' | 'artDirection'>,
): ImageGenerateParamsNonStreaming {
  const { params } = imageModel(model);
  const body: ImageGenerateParamsNonStreaming = {
    model,
    prompt: input.prompt,
    n: 1,
    size: '1024x1024',
    quality: params.quality[input.quality],
  };
  if (params.outputFormat) body.output_format = params.outputFormat;
  // A scene background was asked for (art direction): the model is not told to leave it transparent.
  if (params.background && input.artDirection?.background !== 'scene') body.background = params.background;
  if (params.responseFormat) body.response_format = params.responseFormat;
  if (params.style) body.style = params.style[input.quality];
  return body;
}

// ---------------------------------------------------------------------------------------------
// Client

export type OpenAIClientOptions = {
  apiKey: string;
  baseURL?: string;
  timeoutMs: number;
  maxRetries: number;
  logger?: AdapterLogger;
};

/** What every OpenAI adapter is made with; each picks its own default timeout and retries. */
export type OpenAIAdapterOptions = Omit<OpenAIClientOptions, 'timeoutMs' | 'maxRetries'> & {
  /** Per call. */
  timeoutMs?: number;
  /** SDK retries. */
  maxRetries?: number;
};

/**
 * One configured SDK client. Everything is passed explicitly so the SDK never reads process.env
 * (OPENAI_BASE_URL, OPENAI_ORG_ID, OPENAI_LOG…): config.ts is the only reader of the environment.
 */
export function createOpenAIClient(opts: OpenAIClientOptions): OpenAI {
  const log = opts.logger ?? silentLogger;
  const ignore = () => {};
  return new OpenAI({
    fetch: noRetryOnQuota,
    apiKey: opts.apiKey,
    baseURL: opts.baseURL ?? OPENAI_DEFAULT_BASE_URL,
    organization: null,
    project: null,
    webhookSecret: null,
    timeout: opts.timeoutMs,
    // The SDK's retries are the only ones (429, 5xx, timeouts, connection errors); we add none.
    maxRetries: opts.maxRetries,
    logLevel: 'warn',
    logger: {
      error: (message, ...rest) => log.error({ sdk: rest }, message),
      warn: (message, ...rest) => log.warn({ sdk: rest }, message),
      info: ignore,
      debug: ignore,
    },
  });
}

/**
 * An exhausted quota answers 429 like a rate limit, and the SDK retries every 429. OpenAI says
 * retrying one never helps: the answer is marked with `x-should-retry: false`, the header the SDK
 * reads before its own rule, so it is never retried (nor billed to a person as an attempt).
 */
const noRetryOnQuota: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.status !== 429) return response;
  const text = await response.text();
  let error: { type?: unknown; code?: unknown } | undefined;
  try {
    error = (JSON.parse(text) as { error?: typeof error }).error;
  } catch {
    // Not JSON: an ordinary rate limit as far as we can tell.
  }
  const headers = new Headers(response.headers);
  if (isQuotaError(error)) headers.set('x-should-retry', 'false');
  return new Response(text, { status: response.status, statusText: response.statusText, headers });
};

// ---------------------------------------------------------------------------------------------
// Errors

/**
 * OpenAI's billing errors: 429 with `type: insufficient_quota` and one of these codes (older
 * answers carry `insufficient_quota` as the code). Nothing but the operator fixes them.
 */
export const QUOTA_CODES = new Set([
  'credit_balance_exhausted',
  'organization_spend_limit_exceeded',
  'project_spend_limit_exceeded',
  'organization_usage_limit_exceeded',
  'insufficient_quota',
]);

export function isQuotaError(error: { type?: unknown; code?: unknown } | null | undefined): boolean {
  if (!error) return false;
  return error.type === 'insufficient_quota' || QUOTA_CODES.has(String(error.code ?? ''));
}

/** The operator's view of an SDK error: never the key, always the status, code and request id. */
export function describeError(err: unknown): Record<string, unknown> {
  if (err instanceof OpenAI.APIError) {
    return {
      errorClass: err.constructor.name,
      status: err.status,
      code: err.code,
      type: err.type,
      message: err.message,
      requestId: err.requestID,
    };
  }
  if (err instanceof Error) return { errorClass: err.name, message: err.message };
  return { error: String(err) };
}

const DECLINE_CODES = new Set(['moderation_blocked', 'content_policy_violation']);
// Errors an operator must fix (key, billing, model name, organisation verification).
const OPERATOR_CODES = new Set(['model_not_found', 'invalid_api_key', 'billing_hard_limit_reached']);

function classify(err: unknown): { code: ProviderErrorCode; message: string; transient: boolean } {
  const failed = { code: 'failed' as const, message: PROVIDER_MESSAGES.failed };
  if (err instanceof OpenAI.APIConnectionTimeoutError) return { ...failed, code: 'timeout', transient: true };
  if (err instanceof OpenAI.APIUserAbortError) return { ...failed, transient: false };
  if (err instanceof OpenAI.APIConnectionError) return { ...failed, transient: true };
  if (!(err instanceof OpenAI.APIError)) return { ...failed, transient: false };

  const code = err.code ?? '';
  if (DECLINE_CODES.has(code))
    return { code: 'declined', message: PROVIDER_MESSAGES.declined, transient: false };
  if (
    isQuotaError(err) ||
    OPERATOR_CODES.has(code) ||
    err instanceof OpenAI.AuthenticationError ||
    err instanceof OpenAI.PermissionDeniedError ||
    err instanceof OpenAI.NotFoundError
  ) {
    return { code: 'unavailable', message: PROVIDER_MESSAGES.unavailable, transient: false };
  }
  if (err instanceof OpenAI.RateLimitError)
    return { code: 'busy', message: PROVIDER_MESSAGES.busy, transient: true };
  if (err instanceof OpenAI.InternalServerError) return { ...failed, transient: true };
  // 408 and 409 are retried by the SDK too; anything else (400, 422…) will fail the same way again.
  return { ...failed, transient: err.status === 408 || err.status === 409 };
}

/** Maps any failure of the image call to the message a person sees, logging the real cause. */
export function toProviderError(
  err: unknown,
  log: AdapterLogger,
  context: Record<string, unknown>,
): ProviderError {
  if (err instanceof ProviderError) return err;
  const { code, message, transient } = classify(err);
  const entry = { ...context, providerError: code, transient, cause: describeError(err) };
  // The operator must act on these; the rest are the service's weather, the person's prompt or a
  // cancelled job.
  const cancelled = err instanceof OpenAI.APIUserAbortError;
  if (isQuotaError(err instanceof OpenAI.APIError ? err : undefined)) {
    log.error(entry, 'OpenAI quota exhausted: every call fails until credits are added or the limit raised');
  } else if (code === 'unavailable' || (code === 'failed' && !transient && !cancelled)) {
    log.error(entry, 'image generation failed');
  } else {
    log.warn(entry, 'image generation failed');
  }
  return new ProviderError({ code, userMessage: message, transient, cause: err });
}

// ---------------------------------------------------------------------------------------------
// Rate limits

/** `1s`, `6m0s`, `20ms`, `1h2m3.5s` (OpenAI's x-ratelimit-reset-* values) in milliseconds. */
export function parseResetDuration(value: string): number | undefined {
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  let matched = '';
  for (const m of value.trim().matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    total += Number(m[1]) * units[m[2]];
    matched += m[0];
  }
  return matched.length > 0 && matched === value.trim() ? Math.ceil(total) : undefined;
}

/**
 * How long a 429 asks the caller to wait: `retry-after-ms`, else `retry-after` (seconds or an HTTP
 * date), else the longest `x-ratelimit-reset-*` of a limit with nothing remaining (any, when none
 * says). Undefined when the answer says nothing.
 */
export function rateLimitWaitMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number(headers.get('retry-after-ms') || Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const after = headers.get('retry-after');
  if (after) {
    const seconds = Number(after);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(after);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  const resets: Array<{ ms: number; exhausted: boolean }> = [];
  for (const [name, value] of headers) {
    const kind = name.match(/^x-ratelimit-reset-(.+)$/)?.[1];
    const ms = kind ? parseResetDuration(value) : undefined;
    if (kind && ms !== undefined)
      resets.push({ ms, exhausted: headers.get(`x-ratelimit-remaining-${kind}`) === '0' });
  }
  const pick = resets.some((r) => r.exhausted) ? resets.filter((r) => r.exhausted) : resets;
  return pick.length > 0 ? Math.max(...pick.map((r) => r.ms)) : undefined;
}

/** A rate limit asking for a longer wait than this goes back to the queue instead. */
const MAX_RATE_LIMIT_WAIT_MS = 60_000;
/** A 429 that names no wait: about what OpenAI's own SDKs start with. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 1000;

/** The wait a rate-limited (not quota) error asks for, or undefined when it is not one to wait out. */
function rateLimitWait(err: unknown): number | undefined {
  if (!(err instanceof OpenAI.RateLimitError) || isQuotaError(err)) return undefined;
  const wait = rateLimitWaitMs(err.headers) ?? DEFAULT_RATE_LIMIT_WAIT_MS;
  return wait <= MAX_RATE_LIMIT_WAIT_MS ? wait : undefined;
}

// ---------------------------------------------------------------------------------------------
// Response handling

const MAX_DOWNLOAD_BYTES = 25 * 1024 * 1024;
const MAX_DOWNLOAD_MS = 60_000;

/**
 * Fetches a picture a compatible server returned as a URL. The URL comes from the server we
 * configured (LocalAI answers with http://localhost…), so private addresses are allowed; only the
 * scheme, the time and the size are limited.
 */
async function downloadImage(
  rawUrl: string,
  baseURL: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Buffer> {
  const url = new URL(rawUrl, baseURL);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`image URL has unsupported scheme ${url.protocol}`);
  }
  const timeout = AbortSignal.timeout(Math.min(timeoutMs, MAX_DOWNLOAD_MS));
  const response = await fetch(url, {
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    redirect: 'follow',
  });
  if (!response.ok || !response.body) throw new Error(`image download answered HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_DOWNLOAD_BYTES) throw new Error(`image download too large (${declared} bytes)`);

  const reader = response.body.getReader();
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_DOWNLOAD_BYTES) {
      await reader.cancel();
      throw new Error('image download too large');
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/** Returns a 1024×1024 PNG, re-encoding only when the server sent another size or format. */
export async function normalisePng(bytes: Buffer): Promise<{ png: Buffer; hasAlpha: boolean }> {
  const meta = await sharp(bytes).metadata();
  const hasAlpha = meta.hasAlpha === true;
  if (meta.format === 'png' && meta.width === IMAGE_SIZE && meta.height === IMAGE_SIZE) {
    return { png: bytes, hasAlpha };
  }
  // `contain` keeps the whole subject of a non-square picture; the padding is transparent.
  const png = await sharp(bytes)
    .resize(IMAGE_SIZE, IMAGE_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return { png, hasAlpha };
}

// ---------------------------------------------------------------------------------------------
// Provider

export type OpenAIGeneratedImage = GeneratedImage & {
  /** True when the PNG already has a real transparent background (skip background removal). */
  transparent?: boolean;
};

// Omit first: an intersection would keep ImageProvider's signature as the first overload.
export type OpenAIImageProvider = Omit<ImageProvider, 'generateImage'> & {
  family: string;
  generateImage(input: GenerateImageInput): Promise<OpenAIGeneratedImage>;
  /** For the health JSON: `warn` once every call fails for a reason only the operator can fix. */
  status(): CheckReport;
};

/** Image calls failing in a row for a reason no retry fixes before health says so. */
export const IMAGE_FAILURES_BEFORE_WARN = 3;

// baseURL: any OpenAI-compatible server (api.openai.com by default). maxRetries: 0 in the app,
// where every call is an attempt the person sees.
export type OpenAIProviderOptions = OpenAIAdapterOptions & {
  model: string;
  /**
   * How many 429s (rate limits, not quota) one call waits out, as long as the answer asks
   * (retry-after, x-ratelimit-reset-*; at most a minute each), before reporting the service busy.
   * The wait is part of the same attempt and ends with the caller's signal (the job's deadline).
   * 0 by default: the caller retries.
   */
  rateLimitWaits?: number;
};

export function createOpenAIProvider(opts: OpenAIProviderOptions): OpenAIImageProvider {
  const { model, timeoutMs = 180_000, maxRetries = 2, rateLimitWaits = 0 } = opts;
  const log = opts.logger ?? silentLogger;
  const baseURL = opts.baseURL ?? OPENAI_DEFAULT_BASE_URL;
  const client = createOpenAIClient({ ...opts, baseURL, timeoutMs, maxRetries, logger: log });
  const { family, params } = imageModel(model);
  let failuresInARow = 0;
  let lastFailure: Record<string, unknown> | undefined;

  /** The call's outcome for health: a person's declined prompt and a cancelled job say nothing of the model. */
  function record(failure?: ProviderError) {
    if (!failure) {
      failuresInARow = 0;
      lastFailure = undefined;
    } else if (
      !failure.transient &&
      failure.code !== 'declined' &&
      !(failure.cause instanceof OpenAI.APIUserAbortError)
    ) {
      failuresInARow++;
      lastFailure = describeError(failure.cause);
    }
  }

  async function callModel(
    body: ImageGenerateParamsNonStreaming,
    input: GenerateImageInput,
    context: Record<string, unknown>,
  ) {
    for (let waits = 0; ; waits++) {
      try {
        return await client.images.generate(body, { signal: input.signal });
      } catch (err) {
        const wait = waits < rateLimitWaits ? rateLimitWait(err) : undefined;
        if (wait === undefined) {
          const failure = toProviderError(err, log, context);
          record(failure);
          throw failure;
        }
        log.warn(
          { ...context, waitMs: wait, cause: describeError(err) },
          'image model rate-limited; waiting as it asks, within the same attempt',
        );
        await sleep(wait, undefined, { signal: input.signal });
      }
    }
  }

  async function generateImage(input: GenerateImageInput): Promise<OpenAIGeneratedImage> {
    const context = { provider: 'openai', model, family, quality: input.quality };
    const body = buildImageRequest(model, input);

    const response: OpenAI.ImagesResponse = await callModel(body, input, context);
    record();

    const first = response.data?.[0];
    let bytes: Buffer;
    if (first?.b64_json) {
      bytes = Buffer.from(first.b64_json, 'base64');
    } else if (first?.url) {
      try {
        bytes = await downloadImage(first.url, baseURL, timeoutMs, input.signal);
      } catch (err) {
        log.warn({ ...context, cause: describeError(err) }, 'image download failed');
        throw new ProviderError({
          code: 'failed',
          userMessage: PROVIDER_MESSAGES.failed,
          transient: true,
          cause: err,
        });
      }
    } else {
      log.warn({ ...context, dataLength: response.data?.length ?? 0 }, 'image response had no image');
      throw new ProviderError({ code: 'no_data', userMessage: PROVIDER_MESSAGES.noData });
    }
    if (bytes.length === 0) {
      log.warn(context, 'image response had an empty image');
      throw new ProviderError({ code: 'no_data', userMessage: PROVIDER_MESSAGES.noData });
    }

    try {
      const { png, hasAlpha } = await normalisePng(bytes);
      // Trust the profile only if the picture really carries an alpha channel.
      return { png, provider: 'openai', model, transparent: params.transparentOutput && hasAlpha };
    } catch (err) {
      log.error(
        { ...context, bytes: bytes.length, cause: describeError(err) },
        'image response was not a picture',
      );
      throw new ProviderError({ code: 'failed', userMessage: PROVIDER_MESSAGES.failed, cause: err });
    }
  }

  function status(): CheckReport {
    if (failuresInARow < IMAGE_FAILURES_BEFORE_WARN) return { status: 'ok', model };
    const reason = [lastFailure?.status, lastFailure?.code ?? lastFailure?.type].filter(Boolean).join(' ');
    return {
      status: 'warn',
      message: `Every image call (${model}) failed ${failuresInARow} times in a row for a reason no retry fixes (${reason}: ${String(lastFailure?.message ?? 'unknown')}): every generation fails until the operator acts`,
      model,
      failuresInARow,
      lastError: lastFailure,
    };
  }

  return { name: 'openai', model, family, opaqueOutput: !params.transparentOutput, generateImage, status };
}
