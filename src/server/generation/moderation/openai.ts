// Prompt moderation with OpenAI's moderation endpoint (free of charge), run before any credit is spent.

import { silentLogger } from '../../logger';
import type { Moderation, ModerationResult } from '../ports';
import { createOpenAIClient, describeError, type OpenAIAdapterOptions } from '../providers/openai';
import { DEFAULT_MODELS } from '../providers/openai-models';
import { DECLINED_MESSAGE } from './messages';

// A person is waiting on the Generate button: short timeout, one retry.
export type OpenAIModerationOptions = OpenAIAdapterOptions & {
  model?: string;
  /** Asked instead when the service fails (e.g. the blocklist), so an outage still stops the obvious. */
  fallback?: Moderation;
};

export function createOpenAIModeration(opts: OpenAIModerationOptions): Moderation {
  const { model = DEFAULT_MODELS.moderation, timeoutMs = 15_000, maxRetries = 1 } = opts;
  const log = opts.logger ?? silentLogger;
  const client = createOpenAIClient({ ...opts, timeoutMs, maxRetries, logger: log });

  async function check(prompt: string): Promise<ModerationResult> {
    try {
      const response = await client.moderations.create({ model, input: prompt });
      const flagged = response.results.filter((r) => r.flagged);
      if (flagged.length === 0) return { allowed: true };
      const categories = flagged.flatMap((r) =>
        Object.entries(r.categories)
          .filter(([, hit]) => hit)
          .map(([name]) => name),
      );
      log.warn({ moderation: 'openai', model, categories }, 'prompt declined by moderation');
      return { allowed: false, message: DECLINED_MESSAGE };
    } catch (err) {
      // Fail open: this check is a courtesy that refuses early and for free. The image model applies
      // its own content filter to every request (a block there is mapped to the same message and
      // refunded), so an outage here must not stop every generation — it is logged for the operator.
      log.warn(
        { moderation: 'openai', model, cause: describeError(err) },
        'moderation service failed; prompt allowed',
      );
      return opts.fallback ? opts.fallback.check(prompt) : { allowed: true };
    }
  }

  return { name: 'openai-moderation', check };
}
