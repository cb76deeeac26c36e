// "Triple Validation" with a vision model: one Responses API call that answers YES or NO.
// Spec §8: a check that errors never fails the generation ("Quality check errors: image treated as
// valid"). But a check that keeps erroring is Triple Validation switched off in silence, so three
// errors in a row are logged as an error and reported degraded in the health JSON.

import OpenAI from 'openai';
import type { ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses';
import sharp from 'sharp';
import type { CheckReport } from '../../health/checks';
import { silentLogger } from '../../logger';
import type { ImageCheck, ImageCheckResult } from '../ports';
import { createOpenAIClient, describeError, type OpenAIAdapterOptions } from '../providers/openai';
import { visionModel } from '../providers/openai-models';

/** Errors in a row after which the check is reported degraded. */
export const DEGRADED_AFTER_ERRORS = 3;

export function visionInstruction(prompt: string): string {
  // The cleaned prompt (one line already, see cleanPrompt) is quoted and shortened; the answer is
  // constrained to one word either way.
  const subject = prompt.slice(0, 500);
  return (
    `Is this image a clean clipart illustration that clearly shows: "${subject}"? ` +
    'It should be a single clear subject, not blank, not garbled, with a plain or transparent background. ' +
    'Answer with exactly one word: YES or NO.'
  );
}

export function buildVisionRequest(
  model: string,
  prompt: string,
  imageDataUrl: string,
): ResponseCreateParamsNonStreaming {
  const { params } = visionModel(model);
  return {
    model,
    input: [
      {
        role: 'user',
        content: [
          { type: 'input_text', text: visionInstruction(prompt) },
          // `low` detail (512 px) is plenty for a yes/no judgement and the cheapest.
          { type: 'input_image', image_url: imageDataUrl, detail: 'low' },
        ],
      },
    ],
    max_output_tokens: params.maxOutputTokens,
    // Nothing to keep: the answer is read once.
    store: false,
    ...(params.reasoningEffort ? { reasoning: { effort: params.reasoningEffort } } : {}),
  };
}

/** YES / NO / undefined from answers like "Yes.", "**NO**", "no, the image is blank". */
export function parseVisionAnswer(content: string | null | undefined): 'YES' | 'NO' | undefined {
  const word = (content ?? '')
    .trim()
    .replace(/^[^a-z]+/i, '')
    .match(/^[a-z]+/i)?.[0]
    ?.toUpperCase();
  return word === 'YES' || word === 'NO' ? word : undefined;
}

/**
 * Transparent pixels reach some vision models as black, which reads as "not clipart"; the check
 * looks at the picture on white, downscaled to what `low` detail sees anyway.
 */
async function toDataUrl(png: Buffer): Promise<string> {
  const flat = await sharp(png)
    .resize(512, 512, { fit: 'inside' })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
  return `data:image/png;base64,${flat.toString('base64')}`;
}

export type VisionCheckOptions = OpenAIAdapterOptions & { model: string };

export type VisionCheck = ImageCheck & {
  /** For the health JSON: degraded after DEGRADED_AFTER_ERRORS errors in a row. */
  status(): CheckReport;
};

// Errors no retry can fix: the key, the bill, the model name, a parameter the model refuses.
function needsOperator(err: unknown): boolean {
  return (
    err instanceof OpenAI.AuthenticationError ||
    err instanceof OpenAI.PermissionDeniedError ||
    err instanceof OpenAI.NotFoundError ||
    err instanceof OpenAI.BadRequestError ||
    (err instanceof OpenAI.RateLimitError && err.code === 'insufficient_quota')
  );
}

export function createVisionCheck(opts: VisionCheckOptions): VisionCheck {
  const { model, timeoutMs = 60_000, maxRetries = 1 } = opts;
  const log = opts.logger ?? silentLogger;
  const client = createOpenAIClient({ ...opts, timeoutMs, maxRetries, logger: log });
  const { family } = visionModel(model);
  let errorsInARow = 0;
  let lastError: Record<string, unknown> | undefined;

  async function check(input: {
    png: Buffer;
    prompt: string;
    signal?: AbortSignal;
  }): Promise<ImageCheckResult> {
    const context = { check: 'openai-vision', model, family };
    let response: OpenAI.Responses.Response;
    try {
      const body = buildVisionRequest(model, input.prompt, await toDataUrl(input.png));
      response = await client.responses.create(body, { signal: input.signal });
    } catch (err) {
      // A cancelled generation stops here rather than being reported as a pass.
      if (input.signal?.aborted) throw input.signal.reason ?? err;
      errorsInARow++;
      lastError = describeError(err);
      const entry = { ...context, errorsInARow, cause: lastError };
      if (errorsInARow === DEGRADED_AFTER_ERRORS) {
        log.error(entry, 'vision check failed 3 times in a row: Triple Validation is not checking pictures');
      } else if (needsOperator(err)) {
        log.error(entry, 'vision check failed and needs the operator; picture treated as valid');
      } else {
        log.warn(entry, 'vision check failed; picture treated as valid');
      }
      return { ok: true, reason: 'The vision check failed; picture treated as valid' };
    }
    if (errorsInARow >= DEGRADED_AFTER_ERRORS)
      log.warn({ ...context, errorsInARow }, 'vision check answers again');
    errorsInARow = 0;
    lastError = undefined;

    const answer = parseVisionAnswer(response.output_text);
    if (answer === 'YES') return { ok: true, reason: 'The vision check accepted the picture' };
    if (answer === 'NO')
      return { ok: false, reason: 'The vision model judged that the picture does not match the prompt' };
    log.warn(
      {
        ...context,
        answer: response.output_text?.slice(0, 100) ?? null,
        responseStatus: response.status,
        incomplete: response.incomplete_details?.reason,
      },
      'vision check gave no YES/NO answer; picture treated as valid',
    );
    return { ok: true, reason: 'The vision check gave no clear answer; picture treated as valid' };
  }

  function status(): CheckReport {
    if (errorsInARow < DEGRADED_AFTER_ERRORS) return { status: 'ok', model };
    return {
      status: 'error',
      message: `The vision check (${model}) failed ${errorsInARow} times in a row: Triple Validation pictures pass unchecked`,
      model,
      errorsInARow,
      lastError,
    };
  }

  return { name: 'openai-vision', check, status };
}
