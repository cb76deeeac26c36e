// Suggest (Basic and above): three improved prompts for the idea typed. Free of credits and of the
// month's count: nothing is drawn. The plan's list in core decides who may (tierIncludes), the
// provider follows the image provider (offline composer, or OpenAI when configured), and any OpenAI
// failure falls back to the offline suggestions, so a member is never left without an answer
// because the service is down.
import OpenAI from 'openai';
import type { PromptSuggestions } from '../../core/api';
import { planOpening, tierIncludes } from '../../core/catalog';
import { DomainError } from '../../core/domain-error';
import { MESSAGES } from '../../core/messages';
import type { Database } from '../db/client';
import type { Moderation } from '../generation/ports';
import { describeError, isQuotaError } from '../generation/providers/openai';
import type { Logger } from '../logger';
import { effectiveTier } from '../membership/plan';
import { PROMPT_SUGGEST_RATE_LIMIT, type RateLimiter } from '../platform/rate-limit';
import { NothingToSuggest, OFFLINE_SUGGESTER_NAME, suggestOffline } from './offline';
import type { PromptSuggester } from './ports';

export type SuggestDeps = {
  db: Database;
  rateLimiter: RateLimiter;
  moderation: Moderation;
  suggester: PromptSuggester;
  logger: Pick<Logger, 'warn' | 'error'>;
};

/** 403 naming the plan that opens Suggest (the first plan whose list has "Advanced prompts"). */
export function suggestPlanRequired(): DomainError {
  const plan = planOpening('advanced-prompts');
  return new DomainError('plan_required', MESSAGES.suggestNeedsPlan(plan?.name ?? 'Basic'));
}

/** Errors only the operator fixes: the key, the bill, a gone model, a request the model refuses. */
function needsOperator(err: unknown): boolean {
  return (
    err instanceof OpenAI.AuthenticationError ||
    err instanceof OpenAI.PermissionDeniedError ||
    err instanceof OpenAI.NotFoundError ||
    err instanceof OpenAI.BadRequestError ||
    (err instanceof OpenAI.APIError && isQuotaError(err))
  );
}

function offline(prompt: string): string[] {
  try {
    return suggestOffline(prompt);
  } catch (error) {
    if (!(error instanceof NothingToSuggest)) throw error;
    if (error.words.length > 0)
      throw new DomainError('declined', MESSAGES.suggestNothingDrawable(error.words), {
        code: 'prompt_not_drawable',
      });
    throw new DomainError('declined', MESSAGES.suggestNothingToAdd, { code: 'nothing_to_add' });
  }
}

export async function suggestPrompts(
  deps: SuggestDeps,
  opts: { userId: string; prompt: string; signal?: AbortSignal },
): Promise<PromptSuggestions> {
  if (!tierIncludes(await effectiveTier(deps.db, opts.userId), 'advanced-prompts'))
    throw suggestPlanRequired();
  await deps.rateLimiter.hit(PROMPT_SUGGEST_RATE_LIMIT, [`user:${opts.userId}`]);
  // Nothing is improved that would be declined at Generate, and nothing declined is sent out.
  const verdict = await deps.moderation.check(opts.prompt);
  if (!verdict.allowed) throw new DomainError('declined', verdict.message, { code: 'prompt_declined' });

  if (deps.suggester.name === OFFLINE_SUGGESTER_NAME) return { suggestions: offline(opts.prompt) };
  try {
    return { suggestions: await deps.suggester.suggest({ prompt: opts.prompt, signal: opts.signal }) };
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    const entry = { suggester: deps.suggester.name, cause: describeError(err) };
    if (needsOperator(err))
      deps.logger.error(entry, 'prompt suggestions failed and need the operator; offline suggestions given');
    else deps.logger.warn(entry, 'prompt suggestions failed; offline suggestions given');
  }
  try {
    return { suggestions: offline(opts.prompt) };
  } catch (error) {
    // The offline composer cannot build on this idea (OpenAI could have): say it is a passing failure.
    if (error instanceof DomainError && error.kind === 'declined')
      throw new DomainError('unavailable', MESSAGES.suggestionsUnavailable, {
        code: 'suggestions_unavailable',
      });
    throw error;
  }
}
