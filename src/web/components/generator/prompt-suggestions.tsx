import { CircleAlertIcon, Loader2Icon, SparklesIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Me } from '../../../core/api';
import { planOpening, tierIncludes } from '../../../core/catalog';
import { MESSAGES } from '../../../core/messages';
import { normalisePrompt, SUGGEST_IDEA_MAX_LENGTH } from '../../../core/prompt';
import { useSuggestPrompts } from '../../lib/prompts';
import { Button } from '../ui/button';
import { pricingLink } from './cost-line';

/**
 * "Suggest" under the prompt (advanced prompts, Basic and above): three richer versions of the
 * idea typed, each a button that puts it in the prompt field. Below the plan that opens it the
 * button is shown disabled with one line naming that plan. Nothing is drawn, so nothing is spent.
 */
export function PromptSuggestions({
  account,
  prompt,
  disabled,
  returnTo,
  onPick,
}: {
  account: Me | null;
  /** The prompt field as typed now. */
  prompt: string;
  /** A generation is running: the prompt is not to change. */
  disabled: boolean;
  returnTo: string;
  /** Fills the prompt field with the chosen suggestion (and gives it the focus). */
  onPick: (suggestion: string) => void;
}) {
  const id = useId();
  const suggest = useSuggestPrompts();
  const [local, setLocal] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!account) return null;

  const opening = planOpening('advanced-prompts');
  const allowed = tierIncludes(account.membership.tier, 'advanced-prompts');
  const noteId = `${id}-note`;
  const listId = `${id}-list`;
  const suggestions = open ? suggest.data?.suggestions : undefined;
  // A problem the browser can say without asking the server (the server checks the same rules).
  const message = local ?? (open && suggest.error ? suggest.error.message : null);

  const ask = () => {
    const idea = normalisePrompt(prompt);
    setOpen(true);
    if (!idea) return setLocal(MESSAGES.enterDescription);
    if (idea.length > SUGGEST_IDEA_MAX_LENGTH)
      return setLocal(MESSAGES.suggestIdeaTooLong(SUGGEST_IDEA_MAX_LENGTH));
    setLocal(null);
    suggest.mutate(idea);
  };

  return (
    <div className="mt-2 flex flex-col gap-2" data-testid="prompt-suggestions">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          ref={button}
          variant="outline"
          size="sm"
          disabled={!allowed || disabled || suggest.isPending}
          aria-describedby={noteId}
          aria-controls={suggestions ? listId : undefined}
          aria-expanded={allowed ? Boolean(suggestions) : undefined}
          onClick={ask}
        >
          {suggest.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <SparklesIcon aria-hidden="true" />
          )}
          {suggest.isPending ? 'Suggesting…' : 'Suggest'}
        </Button>
        {allowed ? (
          <p id={noteId} className="text-muted-foreground text-xs">
            3 richer versions of your idea: subject, pose, setting and colours. Uses no credit.
          </p>
        ) : (
          <p id={noteId} className="text-muted-foreground text-sm" data-testid="suggest-plan-note">
            Suggest comes with{' '}
            <Link to={pricingLink(returnTo)} className="font-semibold underline underline-offset-2">
              {opening?.name ?? 'Basic'}
            </Link>{' '}
            and above.
          </p>
        )}
      </div>
      {/* Announced when the answer arrives; the list itself is buttons in reading order. */}
      <p className="sr-only" role="status" aria-live="polite">
        {suggest.isPending
          ? 'Suggesting prompts'
          : suggestions
            ? `${suggestions.length} suggestions below`
            : ''}
      </p>
      {message && (
        <p
          role="alert"
          className="flex items-start gap-1.5 text-destructive text-sm"
          data-testid="suggest-error"
        >
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {message}
        </p>
      )}
      {suggestions && (
        <ul
          id={listId}
          aria-label="Suggested prompts"
          className="flex flex-col gap-1.5"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            setOpen(false);
            button.current?.focus();
          }}
        >
          {suggestions.map((suggestion) => (
            <li key={suggestion}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => {
                  setOpen(false);
                  onPick(suggestion);
                }}
                className="w-full rounded-md border bg-background px-3 py-2 text-left text-sm transition-colors hover:border-primary/50 hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2 disabled:opacity-60"
              >
                <span className="sr-only">Use: </span>
                {suggestion}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
