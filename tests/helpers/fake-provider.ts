// In-process image providers for pipeline tests (the OpenAI adapter has its own fake HTTP server).
import sharp from 'sharp';
import type {
  GeneratedImage,
  GenerateImageInput,
  ImageCheck,
  ImageProvider,
} from '../../src/server/generation/ports';

/** A transparent 1024² PNG with a coloured disc in the middle: a well-formed clipart picture. */
export async function discPng(colour = '#e11d48'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><circle cx="512" cy="512" r="300" fill="${colour}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export type ScriptedProvider = ImageProvider & {
  calls: number;
  /** What each call was asked for. */
  inputs: GenerateImageInput[];
  /** Each call takes the next behaviour; the last one repeats. */
  script: Array<'ok' | Error | { delayMs: number }>;
};

export function scriptedProvider(script: ScriptedProvider['script'] = ['ok']): ScriptedProvider {
  const provider: ScriptedProvider = {
    name: 'fake',
    model: 'fake-1',
    calls: 0,
    inputs: [],
    script,
    async generateImage(input): Promise<GeneratedImage & { transparent: boolean }> {
      provider.inputs.push(input);
      const step = provider.script[Math.min(provider.calls, provider.script.length - 1)];
      provider.calls++;
      if (step instanceof Error) throw step;
      if (typeof step === 'object') await new Promise((r) => setTimeout(r, step.delayMs));
      return { png: await discPng(), provider: 'fake', model: 'fake-1', transparent: true };
    },
  };
  return provider;
}

export function scriptedCheck(answers: boolean[]): ImageCheck & { calls: number } {
  const check = {
    name: 'fake-check',
    calls: 0,
    async check() {
      const ok = answers[Math.min(check.calls, answers.length - 1)];
      check.calls++;
      return { ok, reason: ok ? 'looks right' : 'does not match' };
    },
  };
  return check;
}
