// Every model-specific choice for OpenAI in one table: the models we know, when OpenAI shuts each
// down and what it recommends instead, and which request parameters each takes. The adapters
// (image generation, the vision check, moderation, prompt suggestions) and the life-cycle watch
// only read this table.
//
// Sources, read 2026-11: OpenAI's deprecations page and model pages, the Images and Responses API
// references. The shutdown dates here are what was announced then; the watch asks the API for the
// live `shutdown_date` of each configured model every day, and that answer wins.

import type { ImageGenerateParamsNonStreaming } from 'openai/resources/images';
import type { Quality } from '../ports';

export type ModelUse = 'image' | 'vision' | 'moderation' | 'suggest';

export type ImageParams = {
  /** Our quality (Standard / Triple Validation) → the model's `quality` value. */
  quality: Record<Quality, NonNullable<ImageGenerateParamsNonStreaming['quality']>>;
  /** GPT image models take `output_format`; dall-e-style servers reject or ignore it. */
  outputFormat?: 'png';
  /** Only for models that accept `background: transparent` (others answer 400). */
  background?: 'transparent';
  /** dall-e-style servers return a URL unless asked for base64. GPT image models reject the parameter. */
  responseFormat?: 'b64_json';
  /** dall-e-3's `style`; nothing else takes it. */
  style?: Record<Quality, 'vivid' | 'natural'>;
  /** The PNG already has a real transparent background, so the pipeline can skip background removal. */
  transparentOutput: boolean;
};

export type VisionParams = {
  /**
   * The Responses API's `max_output_tokens` (it refuses less than 16; `max_tokens` is a Chat
   * Completions parameter that reasoning models reject). Reasoning models spend their hidden
   * reasoning tokens out of the same budget, so those that cannot turn reasoning off get room.
   */
  maxOutputTokens: number;
  /**
   * `reasoning.effort`: the model's lowest accepted effort, only for reasoning models (the others
   * answer 400 to it). Each model accepts its own set: below its floor it answers 400
   * `unsupported_value` (gpt-6.1-sol refuses `none` and `minimal`; gpt-5 refuses `none`).
   */
  reasoningEffort?: 'none' | 'minimal' | 'low';
};

type Known = {
  /** A name for logs and tests. */
  family: string;
  /** Which model names this row is about; within a use, the first matching row wins. */
  match: RegExp;
  /** The announced shutdown date (YYYY-MM-DD); past dates mean the model is gone from OpenAI's API. */
  shutdown?: string;
  /** What OpenAI recommends instead. */
  replacement?: string;
};

export type ImageModel = Known & { use: 'image'; params: ImageParams };
export type VisionModel = Known & { use: 'vision'; params: VisionParams };
export type ModerationModel = Known & { use: 'moderation'; params: Record<string, never> };
/** Suggest's model (Responses API, structured output): the same parameters as the vision check's. */
export type SuggestModel = Known & { use: 'suggest'; params: VisionParams };
export type OpenAIModel = ImageModel | VisionModel | ModerationModel | SuggestModel;

/** What an unset OPENAI_*_MODEL means: today's recommended model for each use. */
export const DEFAULT_MODELS: Record<ModelUse, string> = {
  image: 'gpt-image-2',
  vision: 'gpt-6.1-terra',
  moderation: 'omni-moderation-latest',
  // Three short prompts: the recommended small model, reasoning off.
  suggest: 'gpt-6.1-terra',
};

const GPT_IMAGE_QUALITY = { low: 'medium', high: 'high' } as const;
const DALLE_QUALITY = { low: 'standard', high: 'hd' } as const;
// The spec's choice for dall-e-3: vivid for high quality, natural otherwise.
const DALLE_STYLE = { low: 'natural', high: 'vivid' } as const;

const GPT_IMAGE: ImageParams = { quality: GPT_IMAGE_QUALITY, outputFormat: 'png', transparentOutput: false };
const GPT_IMAGE_TRANSPARENT: ImageParams = {
  ...GPT_IMAGE,
  background: 'transparent',
  transparentOutput: true,
};
const DALLE_STYLE_REQUEST: ImageParams = {
  quality: DALLE_QUALITY,
  responseFormat: 'b64_json',
  style: DALLE_STYLE,
  transparentOutput: false,
};
const IMAGE_REPLACEMENT = 'gpt-image-2.6-sunburst or gpt-image-2.6-flare';

/** The answer is one word (YES or NO); 16 is the least the Responses API accepts. */
const ANSWER_TOKENS = 16;
const NO_REASONING: VisionParams = { maxOutputTokens: ANSWER_TOKENS, reasoningEffort: 'none' };
const NOT_A_REASONING_MODEL: VisionParams = { maxOutputTokens: ANSWER_TOKENS };

/** Three prompts of a sentence or two each, with room to spare. */
const SUGGEST_TOKENS = 800;
const SUGGEST_NO_REASONING: VisionParams = { maxOutputTokens: SUGGEST_TOKENS, reasoningEffort: 'none' };
const SUGGEST_MINIMAL_REASONING: VisionParams = { maxOutputTokens: 2048, reasoningEffort: 'minimal' };
const SUGGEST_PLAIN: VisionParams = { maxOutputTokens: SUGGEST_TOKENS };

export const OPENAI_MODELS: readonly OpenAIModel[] = [
  // --- Image generation (POST /v1/images/generations) ------------------------------------------
  {
    use: 'image',
    family: 'chatgpt-image-latest',
    match: /^chatgpt-image-latest$/,
    shutdown: '2026-12-01',
    replacement: IMAGE_REPLACEMENT,
    params: GPT_IMAGE,
  },
  // gpt-image-2.5-flare, gpt-image-2.5-sunburst, gpt-image-2.6-*: native transparency.
  { use: 'image', family: 'gpt-image-2.x', match: /^gpt-image-2\.\d+(-|$)/, params: GPT_IMAGE_TRANSPARENT },
  {
    use: 'image',
    family: 'gpt-image-1.5',
    match: /^gpt-image-1\.5(-|$)/,
    shutdown: '2026-12-01',
    replacement: IMAGE_REPLACEMENT,
    params: GPT_IMAGE_TRANSPARENT,
  },
  {
    use: 'image',
    family: 'gpt-image-1-mini',
    match: /^gpt-image-1-mini(-|$)/,
    shutdown: '2026-12-01',
    replacement: IMAGE_REPLACEMENT,
    params: GPT_IMAGE_TRANSPARENT,
  },
  {
    use: 'image',
    family: 'gpt-image-1',
    match: /^gpt-image-1(-\d{4}-\d{2}-\d{2})?$/,
    shutdown: '2026-10-23',
    replacement: 'gpt-image-2',
    params: GPT_IMAGE_TRANSPARENT,
  },
  // gpt-image-2, its dated snapshots and unknown future gpt-image-* names: no transparent
  // background (400), so our own background removal runs.
  { use: 'image', family: 'gpt-image-2', match: /^gpt-image-/, params: GPT_IMAGE },
  // Retired from OpenAI's API; kept for compatible servers that still use the name.
  { use: 'image', family: 'dall-e-3', match: /^dall-e-3$/, params: DALLE_STYLE_REQUEST },
  // Anything else (LocalAI, vLLM-style servers behind OPENAI_BASE_URL): the spec's dall-e-style
  // request, which those servers understand or ignore field by field.
  { use: 'image', family: 'compatible', match: /^/, params: DALLE_STYLE_REQUEST },

  // --- Vision check (POST /v1/responses) -------------------------------------------------------
  // gpt-6.1-sol dropped `none` and `minimal`: its lowest effort is `low` (400 otherwise), which
  // reasons a little, so it gets room to.
  {
    use: 'vision',
    family: 'gpt-6.1-sol',
    match: /^gpt-6\.1-sol(-|$)/,
    params: { maxOutputTokens: 1024, reasoningEffort: 'low' },
  },
  // gpt-6.1-terra (the recommended small model), gpt-6-luna, gpt-6-astra: `none` turns reasoning off.
  { use: 'vision', family: 'gpt-6', match: /^gpt-6/, params: NO_REASONING },
  // gpt-5.1 and later 5.x: `none` turns reasoning off.
  { use: 'vision', family: 'gpt-5.x', match: /^gpt-5\.\d/, params: NO_REASONING },
  // gpt-5, gpt-5-mini, gpt-5-nano: `minimal` is their lowest effort and may still reason a little.
  {
    use: 'vision',
    family: 'gpt-5-mini',
    match: /^gpt-5-mini(-|$)/,
    shutdown: '2026-12-11',
    replacement: 'gpt-6.1-terra',
    params: { maxOutputTokens: 256, reasoningEffort: 'minimal' },
  },
  {
    use: 'vision',
    family: 'gpt-5-nano',
    match: /^gpt-5-nano(-|$)/,
    shutdown: '2026-12-11',
    replacement: 'gpt-6.1-terra',
    params: { maxOutputTokens: 256, reasoningEffort: 'minimal' },
  },
  {
    use: 'vision',
    family: 'gpt-5',
    match: /^gpt-5(-\d{4}-\d{2}-\d{2})?$/,
    shutdown: '2026-12-11',
    replacement: 'gpt-6.1-sol',
    params: { maxOutputTokens: 256, reasoningEffort: 'minimal' },
  },
  {
    use: 'vision',
    family: 'o-series',
    match: /^o\d/,
    params: { maxOutputTokens: 1024, reasoningEffort: 'low' },
  },
  // gpt-4o, gpt-4.1 and their minis: not reasoning models. (gpt-4, gpt-4-turbo and gpt-4.1-nano
  // already shut down on 2026-10-23.)
  {
    use: 'vision',
    family: 'gpt-4',
    match: /^(gpt-4|chatgpt-4o)/,
    shutdown: '2027-01-14',
    replacement: 'gpt-6-luna',
    params: NOT_A_REASONING_MODEL,
  },
  // Compatible servers (a local vision model behind OPENAI_BASE_URL) must serve /v1/responses.
  { use: 'vision', family: 'compatible', match: /^/, params: NOT_A_REASONING_MODEL },

  // --- Prompt suggestions (POST /v1/responses, a JSON object of 3 strings) ---------------------
  // The same families as the vision check; the answer is about 150 tokens, and a model that cannot
  // turn reasoning off spends its reasoning out of the same budget, so it gets more room.
  {
    use: 'suggest',
    family: 'gpt-6.1-sol',
    match: /^gpt-6\.1-sol(-|$)/,
    params: { maxOutputTokens: 4096, reasoningEffort: 'low' },
  },
  { use: 'suggest', family: 'gpt-6', match: /^gpt-6/, params: SUGGEST_NO_REASONING },
  { use: 'suggest', family: 'gpt-5.x', match: /^gpt-5\.\d/, params: SUGGEST_NO_REASONING },
  {
    use: 'suggest',
    family: 'gpt-5-mini',
    match: /^gpt-5-mini(-|$)/,
    shutdown: '2026-12-11',
    replacement: 'gpt-6.1-terra',
    params: SUGGEST_MINIMAL_REASONING,
  },
  {
    use: 'suggest',
    family: 'gpt-5-nano',
    match: /^gpt-5-nano(-|$)/,
    shutdown: '2026-12-11',
    replacement: 'gpt-6.1-terra',
    params: SUGGEST_MINIMAL_REASONING,
  },
  {
    use: 'suggest',
    family: 'gpt-5',
    match: /^gpt-5(-\d{4}-\d{2}-\d{2})?$/,
    shutdown: '2026-12-11',
    replacement: 'gpt-6.1-sol',
    params: SUGGEST_MINIMAL_REASONING,
  },
  {
    use: 'suggest',
    family: 'o-series',
    match: /^o\d/,
    params: { maxOutputTokens: 4096, reasoningEffort: 'low' },
  },
  {
    use: 'suggest',
    family: 'gpt-4',
    match: /^(gpt-4|chatgpt-4o)/,
    shutdown: '2027-01-14',
    replacement: 'gpt-6-luna',
    params: SUGGEST_PLAIN,
  },
  // Compatible servers must serve /v1/responses with structured output.
  { use: 'suggest', family: 'compatible', match: /^/, params: SUGGEST_PLAIN },

  // --- Moderation (POST /v1/moderations, free of charge) -------------------------------------
  { use: 'moderation', family: 'omni-moderation', match: /^omni-moderation-/, params: {} },
  { use: 'moderation', family: 'compatible', match: /^/, params: {} },
];

function find<U extends ModelUse>(use: U, model: string): Extract<OpenAIModel, { use: U }> {
  const name = model.trim().toLowerCase();
  const row = OPENAI_MODELS.find((m) => m.use === use && m.match.test(name));
  // Every use ends with a catch-all row.
  return row as Extract<OpenAIModel, { use: U }>;
}

export const imageModel = (model: string): ImageModel => find('image', model);
export const visionModel = (model: string): VisionModel => find('vision', model);
export const moderationModel = (model: string): ModerationModel => find('moderation', model);
export const suggestModel = (model: string): SuggestModel => find('suggest', model);
