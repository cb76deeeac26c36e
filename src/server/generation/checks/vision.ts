// "Triple Validation" with a vision model: one chat completion that answers YES or NO.
// Spec §8: a failing check never fails the generation ("Quality check errors: image treated as valid").

import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import sharp from 'sharp';
import type { ImageCheck, ImageCheckResult } from '../ports';
import { type AdapterLogger, createOpenAIClient, describeError } from '../providers/openai';

const noopLogger: AdapterLogger = { warn() {}, error() {} };

/** The answer itself is one word; the spec caps it at 5 tokens. */
const ANSWER_TOKENS = 5;

export type VisionModelFamily = 'gpt-5' | 'gpt-5.x' | 'o-series' | 'gpt-4' | 'compatible';

export type VisionModelProfile = {
  match: RegExp;
  /** OpenAI's reasoning models reject `max_tokens`; older compatible servers only know `max_tokens`. */
  tokenParam: 'max_completion_tokens' | 'max_tokens';
  /**
   * Reasoning models spend hidden reasoning tokens out of the same budget, so a 5-token cap would
   * leave an empty answer; they get the lowest effort and room to think, the rest get the spec's 5.
   */
  maxTokens: number;
  reasoningEffort?: 'none' | 'minimal' | 'low';
};

export const VISION_MODEL_PROFILES: Record<VisionModelFamily, VisionModelProfile> = {
  // gpt-5.1 and later: `none` turns reasoning off.
  'gpt-5.x': {
    match: /^gpt-5\.\d/,
    tokenParam: 'max_completion_tokens',
    maxTokens: ANSWER_TOKENS,
    reasoningEffort: 'none',
  },
  // gpt-5, gpt-5-mini, gpt-5-nano: `minimal` is their lowest effort and may still reason a little.
  'gpt-5': {
    match: /^gpt-5(-|$)/,
    tokenParam: 'max_completion_tokens',
    maxTokens: 256,
    reasoningEffort: 'minimal',
  },
  'o-series': { match: /^o\d/, tokenParam: 'max_completion_tokens', maxTokens: 1024, reasoningEffort: 'low' },
  'gpt-4': { match: /^(gpt-4|chatgpt-4o)/, tokenParam: 'max_completion_tokens', maxTokens: ANSWER_TOKENS },
  compatible: { match: /^/, tokenParam: 'max_tokens', maxTokens: ANSWER_TOKENS },
};

const VISION_ORDER: VisionModelFamily[] = ['gpt-5.x', 'gpt-5', 'o-series', 'gpt-4', 'compatible'];

export function visionModelFamily(model: string): VisionModelFamily {
  const name = model.trim().toLowerCase();
  return VISION_ORDER.find((f) => VISION_MODEL_PROFILES[f].match.test(name)) ?? 'compatible';
}

export function visionInstruction(prompt: string): string {
  // The person's words are quoted and shortened; the answer is constrained to one word either way.
  const subject = prompt.replace(/\s+/g, ' ').trim().slice(0, 500);
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
): ChatCompletionCreateParamsNonStreaming {
  const profile = VISION_MODEL_PROFILES[visionModelFamily(model)];
  const body: ChatCompletionCreateParamsNonStreaming = {
    model,
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: visionInstruction(prompt) },
          // `low` detail (512 px) is plenty for a yes/no judgement and the cheapest.
          { type: 'image_url', image_url: { url: imageDataUrl, detail: 'low' } },
        ],
      },
    ],
  };
  body[profile.tokenParam] = profile.maxTokens;
  if (profile.reasoningEffort) body.reasoning_effort = profile.reasoningEffort;
  return body;
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

export type VisionCheckOptions = {
  apiKey: string;
  baseURL?: string;
  model: string;
  timeoutMs?: number;
  maxRetries?: number;
  logger?: AdapterLogger;
};

export function createVisionCheck(opts: VisionCheckOptions): ImageCheck {
  const { model, timeoutMs = 60_000, maxRetries = 2 } = opts;
  const log = opts.logger ?? noopLogger;
  const client: OpenAI = createOpenAIClient({
    apiKey: opts.apiKey,
    baseURL: opts.baseURL,
    timeoutMs,
    maxRetries,
    logger: log,
  });
  const family = visionModelFamily(model);

  async function check(input: {
    png: Buffer;
    prompt: string;
    signal?: AbortSignal;
  }): Promise<ImageCheckResult> {
    const context = { check: 'openai-vision', model, family };
    let content: string | null | undefined;
    try {
      const body = buildVisionRequest(model, input.prompt, await toDataUrl(input.png));
      const completion = await client.chat.completions.create(body, { signal: input.signal });
      content = completion.choices[0]?.message?.content;
      const answer = parseVisionAnswer(content);
      if (answer === 'YES') return { ok: true, reason: 'The vision check accepted the picture' };
      if (answer === 'NO')
        return { ok: false, reason: 'The vision model judged that the picture does not match the prompt' };
      log.warn(
        {
          ...context,
          answer: content?.slice(0, 100) ?? null,
          finishReason: completion.choices[0]?.finish_reason,
        },
        'vision check gave no YES/NO answer; picture treated as valid',
      );
      return { ok: true, reason: 'The vision check gave no clear answer; picture treated as valid' };
    } catch (err) {
      // A cancelled generation stops here rather than being reported as a pass.
      if (input.signal?.aborted) throw input.signal.reason ?? err;
      log.warn({ ...context, cause: describeError(err) }, 'vision check failed; picture treated as valid');
      return { ok: true, reason: 'The vision check failed; picture treated as valid' };
    }
  }

  return { name: 'openai-vision', check };
}
