import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buildVisionRequest,
  createVisionCheck,
  parseVisionAnswer,
  visionModelFamily,
} from '../../src/server/generation/checks/vision';
import { createBlocklistModeration } from '../../src/server/generation/moderation/blocklist';
import { DECLINED_MESSAGE } from '../../src/server/generation/moderation/messages';
import { createOpenAIModeration } from '../../src/server/generation/moderation/openai';
import { type GenerateImageInput, ProviderError } from '../../src/server/generation/ports';
import {
  type AdapterLogger,
  buildImageRequest,
  createOpenAIProvider,
  IMAGE_MODEL_PROFILES,
  imageModelFamily,
} from '../../src/server/generation/providers/openai';
import { silentLogger } from '../../src/server/logger';
import { type FakeOpenAI, makeImage, startFakeOpenAI } from '../helpers/fake-openai';

type LogEntry = { level: 'warn' | 'error'; obj: object; msg?: string };
function recordingLogger() {
  const entries: LogEntry[] = [];
  const logger: AdapterLogger = {
    warn: (obj, msg) => entries.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => entries.push({ level: 'error', obj, msg }),
  };
  return { logger, entries };
}

const input: GenerateImageInput = {
  prompt: 'A clipart picture of a red fox, flat colours, no background',
  userPrompt: 'red fox',
  theme: 'default',
  quality: 'low',
  seed: 1,
};

async function expectProviderError(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a ProviderError');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  // A request to a path the fake does not serve is a bug in an adapter.
  expect(fake.unknown.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  fake.reset();
});

function provider(opts: { model?: string; maxRetries?: number; timeoutMs?: number } = {}) {
  const log = recordingLogger();
  const p = createOpenAIProvider({
    apiKey: 'sk-test-key',
    baseURL: fake.url,
    model: opts.model ?? 'gpt-image-2',
    maxRetries: opts.maxRetries ?? 0,
    timeoutMs: opts.timeoutMs ?? 10_000,
    logger: log.logger,
  });
  return { p, ...log };
}

it("accepts the app's logger", () => {
  const logger: AdapterLogger = silentLogger;
  expect(logger).toBeDefined();
});

describe('image model profiles', () => {
  it('maps model names to families', () => {
    expect(imageModelFamily('gpt-image-2')).toBe('gpt-image-2');
    expect(imageModelFamily('gpt-image-2-2026-04-21')).toBe('gpt-image-2');
    expect(imageModelFamily('chatgpt-image-latest')).toBe('gpt-image-2');
    expect(imageModelFamily('gpt-image-2.5-flare')).toBe('gpt-image-2.x');
    expect(imageModelFamily('gpt-image-2.6-sunburst')).toBe('gpt-image-2.x');
    expect(imageModelFamily('gpt-image-1.5')).toBe('gpt-image-1.5');
    expect(imageModelFamily('gpt-image-1')).toBe('gpt-image-1');
    expect(imageModelFamily('gpt-image-1-mini')).toBe('gpt-image-1');
    expect(imageModelFamily('dall-e-3')).toBe('dall-e-3');
    expect(imageModelFamily('stablediffusion')).toBe('compatible');
  });

  it('builds a request per family', () => {
    expect(buildImageRequest('gpt-image-2', { prompt: 'p', quality: 'low' })).toEqual({
      model: 'gpt-image-2',
      prompt: 'p',
      n: 1,
      size: '1024x1024',
      quality: 'medium',
      output_format: 'png',
    });
    expect(buildImageRequest('gpt-image-2.5-flare', { prompt: 'p', quality: 'high' })).toMatchObject({
      quality: 'high',
      output_format: 'png',
      background: 'transparent',
    });
    expect(buildImageRequest('gpt-image-1.5', { prompt: 'p', quality: 'low' }).background).toBe(
      'transparent',
    );
    expect(buildImageRequest('dall-e-3', { prompt: 'p', quality: 'high' })).toEqual({
      model: 'dall-e-3',
      prompt: 'p',
      n: 1,
      size: '1024x1024',
      quality: 'hd',
      response_format: 'b64_json',
      style: 'vivid',
    });
    expect(buildImageRequest('local-sd', { prompt: 'p', quality: 'low' })).toMatchObject({
      quality: 'standard',
      style: 'natural',
      response_format: 'b64_json',
    });
    // GPT image models reject dall-e parameters; dall-e-style servers get no GPT-only ones.
    for (const family of ['gpt-image-2', 'gpt-image-2.x', 'gpt-image-1.5', 'gpt-image-1'] as const) {
      expect(IMAGE_MODEL_PROFILES[family].responseFormat).toBeUndefined();
      expect(IMAGE_MODEL_PROFILES[family].style).toBeUndefined();
    }
    expect(IMAGE_MODEL_PROFILES['gpt-image-2'].background).toBeUndefined();
  });
});

describe('OpenAI image provider', () => {
  it('returns the b64_json picture and sends the gpt-image-2 request', async () => {
    const { p, entries } = provider();
    fake.script('images', { image: 'b64' });
    const result = await p.generateImage(input);

    expect(p.name).toBe('openai');
    expect(result).toMatchObject({ provider: 'openai', model: 'gpt-image-2', transparent: false });
    const meta = await sharp(result.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1024]);

    const [call] = fake.calls('images');
    expect(call.headers.authorization).toBe('Bearer sk-test-key');
    expect(call.body).toEqual({
      model: 'gpt-image-2',
      prompt: input.prompt,
      n: 1,
      size: '1024x1024',
      quality: 'medium',
      output_format: 'png',
    });
    expect(entries).toEqual([]);
  });

  it('asks transparency-capable models for a transparent PNG and says so', async () => {
    const { p } = provider({ model: 'gpt-image-2.5-flare' });
    fake.script('images', { image: 'b64', alpha: true });
    const result = await p.generateImage({ ...input, quality: 'high' });
    expect(result.transparent).toBe(true);
    expect(fake.calls('images')[0].body).toMatchObject({ quality: 'high', background: 'transparent' });
  });

  it('does not claim transparency when the picture has no alpha channel', async () => {
    const { p } = provider({ model: 'gpt-image-1.5' });
    fake.script('images', { image: 'b64', alpha: false });
    expect((await p.generateImage(input)).transparent).toBe(false);
  });

  it('sends the dall-e-style request to a compatible server and fetches a URL answer', async () => {
    const { p } = provider({ model: 'local-sd' });
    fake.script('images', { image: 'url' });
    const result = await p.generateImage({ ...input, quality: 'high' });
    const meta = await sharp(result.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1024]);
    expect(fake.calls('images')[0].body).toMatchObject({
      model: 'local-sd',
      quality: 'hd',
      style: 'vivid',
      response_format: 'b64_json',
    });
    expect(fake.requests.map((r) => `${r.method} ${r.path.replace(/[\w-]+\.png$/, 'ID.png')}`)).toEqual([
      'POST /v1/images/generations',
      'GET /files/ID.png',
    ]);
  });

  it('normalises another size or format to a 1024x1024 PNG', async () => {
    const { p } = provider({ model: 'local-sd' });
    fake.script('images', { image: 'b64', width: 512, height: 768, format: 'jpeg' });
    const result = await p.generateImage(input);
    const meta = await sharp(result.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1024]);
  });

  it('maps 429 to the busy message after the SDK retried maxRetries times', async () => {
    const { p, entries } = provider({ maxRetries: 2 });
    fake.script('images', { status: 429 }, { status: 429 }, { status: 429 });
    const err = await expectProviderError(p.generateImage(input));
    expect(err).toMatchObject({
      code: 'busy',
      transient: true,
      userMessage: 'The image service is busy, please try again in a minute',
    });
    expect(fake.calls('images')).toHaveLength(3);
    expect(entries.at(-1)).toMatchObject({ level: 'warn', obj: { cause: { status: 429 } } });
  });

  it('succeeds when a retry after 429 succeeds', async () => {
    const { p } = provider({ maxRetries: 2 });
    fake.script('images', { status: 429 }, { image: 'b64' });
    await expect(p.generateImage(input)).resolves.toMatchObject({ provider: 'openai' });
    expect(fake.calls('images')).toHaveLength(2);
  });

  it('maps an exhausted quota (429 insufficient_quota) to unavailable for the operator', async () => {
    const { p, entries } = provider();
    fake.script('images', {
      status: 429,
      error: { code: 'insufficient_quota', message: 'You exceeded your quota' },
    });
    const err = await expectProviderError(p.generateImage(input));
    expect(err).toMatchObject({ code: 'unavailable', transient: false });
    expect(entries.at(-1)).toMatchObject({ level: 'error', obj: { cause: { code: 'insufficient_quota' } } });
  });

  it('maps 500 to the generic message, transient', async () => {
    const { p } = provider({ maxRetries: 1 });
    fake.script('images', { status: 500 }, { status: 500 });
    const err = await expectProviderError(p.generateImage(input));
    expect(err).toMatchObject({ code: 'failed', transient: true, userMessage: 'Failed to generate image' });
    expect(fake.calls('images')).toHaveLength(2);
  });

  it('times out with the configured timeout', async () => {
    const { p } = provider({ timeoutMs: 200 });
    fake.script('images', { image: 'b64', delayMs: 2_000 });
    const started = Date.now();
    const err = await expectProviderError(p.generateImage(input));
    expect(err).toMatchObject({ code: 'timeout', transient: true, userMessage: 'Failed to generate image' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('stops when the caller aborts, without a retry', async () => {
    const { p, entries } = provider({ maxRetries: 2 });
    fake.script('images', { image: 'b64', delayMs: 2_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const err = await expectProviderError(p.generateImage({ ...input, signal: controller.signal }));
    expect(err).toMatchObject({ code: 'failed', transient: false });
    expect(fake.calls('images')).toHaveLength(1);
    expect(entries.map((e) => e.level)).toEqual(['warn']);
  });

  it('maps moderation_blocked to the declined message and never retries it', async () => {
    const { p } = provider({ maxRetries: 2 });
    fake.script('images', {
      status: 400,
      error: {
        code: 'moderation_blocked',
        type: 'image_generation_user_error',
        message: 'Your request was rejected by the safety system.',
      },
    });
    const err = await expectProviderError(p.generateImage(input));
    expect(err).toMatchObject({
      code: 'declined',
      transient: false,
      userMessage: 'This prompt was declined by the content filter. Please rephrase it.',
    });
    expect(fake.calls('images')).toHaveLength(1);
  });

  it('maps an auth error to unavailable and logs the real cause', async () => {
    const { p, entries } = provider({ maxRetries: 2 });
    fake.script('images', { status: 401 });
    const err = await expectProviderError(p.generateImage(input));
    expect(err).toMatchObject({
      code: 'unavailable',
      transient: false,
      userMessage: 'Image generation is temporarily unavailable',
    });
    expect(fake.calls('images')).toHaveLength(1);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      level: 'error',
      obj: {
        model: 'gpt-image-2',
        cause: { status: 401, code: 'invalid_api_key', errorClass: 'AuthenticationError' },
      },
    });
    expect(JSON.stringify(entries)).not.toContain('sk-test-key');
  });

  it('maps model_not_found to unavailable', async () => {
    const { p } = provider();
    fake.script('images', { status: 404 });
    const err = await expectProviderError(p.generateImage(input));
    expect(err).toMatchObject({
      code: 'unavailable',
      userMessage: 'Image generation is temporarily unavailable',
    });
  });

  it.each(['none', 'empty-item'] as const)('reports empty data (%s) as no image data', async (emptyData) => {
    const { p } = provider();
    fake.script('images', { emptyData });
    const err = await expectProviderError(p.generateImage(input));
    expect(err).toMatchObject({ code: 'no_data', userMessage: 'No image data in the API response' });
  });

  it('fails cleanly when the answer is not a picture', async () => {
    const { p, entries } = provider();
    fake.script('images', {
      status: 200,
      raw: { data: [{ b64_json: Buffer.from('not a png').toString('base64') }] },
    });
    const err = await expectProviderError(p.generateImage(input));
    expect(err).toMatchObject({ code: 'failed', userMessage: 'Failed to generate image' });
    expect(entries.at(-1)?.level).toBe('error');
  });

  it('refuses a non-http image URL', async () => {
    const { p } = provider({ model: 'local-sd' });
    fake.script('images', { status: 200, raw: { data: [{ url: 'file:///etc/passwd' }] } });
    const err = await expectProviderError(p.generateImage(input));
    expect(err).toMatchObject({ code: 'failed' });
  });
});

describe('OpenAI vision check', () => {
  function check(model = 'gpt-5-mini') {
    const log = recordingLogger();
    const c = createVisionCheck({
      apiKey: 'sk-test-key',
      baseURL: fake.url,
      model,
      timeoutMs: 5_000,
      maxRetries: 0,
      logger: log.logger,
    });
    return { c, ...log };
  }
  let png: Buffer;
  beforeAll(async () => {
    png = await makeImage();
  });

  it('accepts on YES and sends the instruction with the picture as a data URL', async () => {
    const { c, entries } = check('gpt-4.1-mini');
    fake.script('chat', { answer: 'YES' });
    expect(c.name).toBe('openai-vision');
    await expect(c.check({ png, prompt: 'red fox' })).resolves.toMatchObject({ ok: true });

    const body = fake.calls('chat')[0].body as {
      model: string;
      max_completion_tokens: number;
      messages: Array<{ content: Array<{ type: string; text?: string; image_url?: { url: string } }> }>;
    };
    expect(body.model).toBe('gpt-4.1-mini');
    expect(body.max_completion_tokens).toBe(5);
    const [text, image] = body.messages[0].content;
    expect(text.type).toBe('text');
    expect(text.text).toContain('"red fox"');
    expect(text.text).toContain('YES or NO');
    expect(image.image_url?.url).toMatch(/^data:image\/png;base64,/);
    expect(entries).toEqual([]);
  });

  it('rejects on NO with a reason', async () => {
    const { c } = check();
    fake.script('chat', { answer: 'No.' });
    const result = await c.check({ png, prompt: 'red fox' });
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(/does not match the prompt/);
  });

  it('answers each attempt in turn (NO, NO, YES) and all-NO', async () => {
    const { c } = check();
    fake.script('chat', { answer: 'NO' }, { answer: 'NO' }, { answer: 'YES' });
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await c.check({ png, prompt: 'red fox' })).ok);
    expect(results).toEqual([false, false, true]);

    fake.script('chat', { answer: 'NO' }, { answer: 'NO' }, { answer: 'NO' });
    const allNo = [];
    for (let i = 0; i < 3; i++) allNo.push((await c.check({ png, prompt: 'red fox' })).ok);
    expect(allNo).toEqual([false, false, false]);
  });

  it('treats garbage or an empty answer as valid and logs it', async () => {
    const { c, entries } = check();
    fake.script('chat', { answer: 'Maybe, it looks like a fox' }, { answer: null });
    await expect(c.check({ png, prompt: 'red fox' })).resolves.toMatchObject({ ok: true });
    await expect(c.check({ png, prompt: 'red fox' })).resolves.toMatchObject({ ok: true });
    expect(entries.map((e) => e.level)).toEqual(['warn', 'warn']);
  });

  it('treats an error as valid and logs it', async () => {
    const { c, entries } = check();
    fake.script('chat', { status: 500 });
    await expect(c.check({ png, prompt: 'red fox' })).resolves.toMatchObject({ ok: true });
    expect(entries[0]).toMatchObject({ level: 'warn', obj: { cause: { status: 500 } } });
  });

  it('picks token parameters per vision model', () => {
    const url = 'data:image/png;base64,AA==';
    expect(visionModelFamily('gpt-5-mini')).toBe('gpt-5');
    expect(buildVisionRequest('gpt-5-mini', 'x', url)).toMatchObject({ reasoning_effort: 'minimal' });
    expect(buildVisionRequest('gpt-5.2', 'x', url)).toMatchObject({
      reasoning_effort: 'none',
      max_completion_tokens: 5,
    });
    const local = buildVisionRequest('llava', 'x', url);
    expect(local).toMatchObject({ max_tokens: 5 });
    expect(local).not.toHaveProperty('reasoning_effort');
    expect(parseVisionAnswer('**YES**')).toBe('YES');
    expect(parseVisionAnswer('no, it is blank')).toBe('NO');
    expect(parseVisionAnswer('Nope')).toBeUndefined();
  });
});

describe('OpenAI moderation', () => {
  function moderation() {
    const log = recordingLogger();
    const m = createOpenAIModeration({
      apiKey: 'sk-test-key',
      baseURL: fake.url,
      maxRetries: 0,
      logger: log.logger,
    });
    return { m, ...log };
  }

  it('declines a flagged prompt', async () => {
    const { m } = moderation();
    fake.script('moderations', { flagged: true });
    await expect(m.check('something bad')).resolves.toEqual({ allowed: false, message: DECLINED_MESSAGE });
    expect(fake.calls('moderations')[0].body).toEqual({
      model: 'omni-moderation-latest',
      input: 'something bad',
    });
  });

  it('allows a clean prompt', async () => {
    const { m, entries } = moderation();
    fake.script('moderations', { flagged: false });
    await expect(m.check('cute cartoon animal')).resolves.toEqual({ allowed: true });
    expect(entries).toEqual([]);
  });

  it('allows and logs when the service fails', async () => {
    const { m, entries } = moderation();
    fake.script('moderations', { status: 500 });
    await expect(m.check('cute cartoon animal')).resolves.toEqual({ allowed: true });
    expect(entries[0]).toMatchObject({ level: 'warn', obj: { cause: { status: 500 } } });
  });

  it('asks the fallback when the service fails', async () => {
    const m = createOpenAIModeration({
      apiKey: 'sk-test-key',
      baseURL: fake.url,
      maxRetries: 0,
      fallback: createBlocklistModeration(),
    });
    fake.script('moderations', { status: 503 }, { status: 503 });
    await expect(m.check('hentai poster')).resolves.toMatchObject({ allowed: false });
    await expect(m.check('cute cartoon animal')).resolves.toEqual({ allowed: true });
  });
});
