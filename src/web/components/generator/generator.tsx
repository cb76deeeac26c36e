import { CircleAlertIcon, LightbulbIcon, Loader2Icon, RefreshCwIcon, WandSparklesIcon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Me } from '../../../core/api';
import { hasArtDirection } from '../../../core/art-direction';
import { MAX_VARIATIONS, THEME_WARNING_MS } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import {
  type GenerationOptions,
  isPremiumTheme,
  PRIVACIES,
  type Privacy,
  QUALITIES,
  type Quality,
  THEMES,
  type ThemeId,
} from '../../../core/options';
import { normalisePrompt, PROMPT_MAX_LENGTH, SAMPLE_PROMPTS } from '../../../core/prompt';
import { hasCustomStyles, maxVariations } from '../../../core/tiers';
import { useGenerationDraft, useGenerationJob } from '../../lib/generation';
import { useSession } from '../../lib/session';
import { useStyles } from '../../lib/styles';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { FieldError } from '../ui/form-field';
import { Label } from '../ui/label';
import { Textarea } from '../ui/textarea';
import { ArtDirectionControls } from './art-direction-controls';
import { ChoiceChips } from './choice-chips';
import { CostLine, pricingLink } from './cost-line';
import { artDirectionOpen, costLine, premiumGate, premiumThemeMessage } from './gating';
import { GenerationPanel } from './generation-panel';
import { MyStyles } from './my-styles';
import { OptionGroup, type OptionItem } from './option-group';
import { PromptSuggestions } from './prompt-suggestions';
import { ThemeVisual } from './theme-visual';

const THEME_ITEMS: OptionItem<ThemeId>[] = THEMES.map((theme) => ({
  value: theme.id,
  label: theme.label,
  description: theme.description,
  premium: theme.premium,
  visual: <ThemeVisual theme={theme.id} />,
}));
const QUALITY_ITEMS: OptionItem<Quality>[] = QUALITIES.map((quality) => ({ value: quality.id, ...quality }));
const PRIVACY_ITEMS: OptionItem<Privacy>[] = PRIVACIES.map((privacy) => ({ value: privacy.id, ...privacy }));

type FlashGroup = 'theme' | 'quality' | 'privacy';
type Flash = { group: FlashGroup; text: string; tone: 'warning' | 'info' } | null;

/** A message that disappears after THEME_WARNING_MS (SPEC §5, §9). */
function useFlash() {
  const [flash, setFlash] = useState<Flash>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((next: NonNullable<Flash>) => {
    clearTimeout(timer.current);
    setFlash(next);
    timer.current = setTimeout(() => setFlash(null), THEME_WARNING_MS);
  }, []);
  return { flash, show };
}

function FlashLine({ flash, group, returnTo }: { flash: Flash; group: FlashGroup; returnTo: string }) {
  if (!flash || flash.group !== group) return null;
  return (
    <p
      className={cn(
        'mt-2 flex items-start gap-1.5 rounded-md px-3 py-2 text-sm',
        flash.tone === 'warning' ? 'bg-amber-50 text-amber-900' : 'bg-violet-50 text-violet-900',
      )}
      data-testid={`${group}-message`}
    >
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {flash.text}
        {flash.tone === 'warning' && (
          <>
            {' '}
            <Link to={pricingLink(returnTo)} className="font-semibold underline underline-offset-2">
              Buy credits
            </Link>
          </>
        )}
      </span>
    </p>
  );
}

/**
 * "More like this": the same prompt, theme and privacy again, as a new generation (it counts
 * against the month and may use a credit like any other, and says so). The server draws each
 * generation with a new random seed, so the composer lays the same subjects out differently.
 */
function MoreLikeThis({
  account,
  options,
  count,
  onGenerate,
}: {
  account: Me | null;
  options: GenerationOptions;
  count: number;
  onGenerate: () => void;
}) {
  const noteId = useId();
  const line = account ? costLine(account, options, count) : null;
  return (
    <div className="flex flex-col gap-1.5 border-t pt-4" data-testid="more-like-this">
      <Button
        type="button"
        variant="outline"
        className="self-start"
        onClick={onGenerate}
        disabled={!line || line.kind === 'refused'}
        aria-describedby={noteId}
      >
        <RefreshCwIcon aria-hidden="true" />
        More like this
      </Button>
      <p id={noteId} className="text-muted-foreground text-xs">
        The same prompt and theme, drawn again as {count > 1 ? `${count} new pictures` : 'a new picture'}.
        {line && <span data-testid="more-like-this-cost"> {line.text}</span>}
      </p>
    </div>
  );
}

const PICTURE_COUNTS = Array.from({ length: MAX_VARIATIONS }, (_, n) => String(n + 1));

/**
 * Variations: how many pictures of this prompt one Generate makes. Premium and Enterprise pick 1–4;
 * for other plans the choice stays visible but disabled, with a note naming Premium.
 */
function PicturesChoice({
  account,
  value,
  disabled,
  returnTo,
  onChange,
}: {
  account: Me | null;
  value: number;
  disabled: boolean;
  returnTo: string;
  onChange: (count: number) => void;
}) {
  const name = useId();
  const allowed = account ? maxVariations(account.membership.tier) : 1;
  return (
    <div data-testid="pictures-choice">
      <ChoiceChips
        legend="Pictures"
        name={name}
        value={String(value)}
        choices={PICTURE_COUNTS.map((count) => ({
          value: count,
          label: count,
          disabled: disabled || Number(count) > allowed,
        }))}
        onChange={(count) => onChange(Number(count))}
        note={
          allowed > 1 ? (
            'Variations of the same prompt; each picture counts as one image.'
          ) : (
            <>
              Several pictures from one prompt come with{' '}
              <Link to={pricingLink(returnTo)} className="font-semibold underline underline-offset-2">
                Premium
              </Link>
              .
            </>
          )
        }
      />
    </div>
  );
}

type GeneratorProps = {
  /** The page to come back to after buying credits (/create or /dashboard). */
  returnTo?: string;
  className?: string;
};

/** The answer's panel whole in view below the sticky header, when it fits; else its top there. */
function placeInView(panel: HTMLElement) {
  const box = panel.getBoundingClientRect();
  const header = 80;
  if (box.top >= header && box.bottom <= window.innerHeight) return;
  const fits = box.height <= window.innerHeight - header;
  panel.scrollIntoView({ block: fits ? 'nearest' : 'start', behavior: 'instant' });
  // 'nearest' can leave the top under the sticky header.
  if (fits && panel.getBoundingClientRect().top < header)
    window.scrollBy({ top: panel.getBoundingClientRect().top - header, behavior: 'instant' });
}

/**
 * The clipart generator: prompt, sample ideas, theme, quality and privacy with the premium rules
 * shown before the click, then live progress and the finished picture with Download and Copy URL.
 * Used on /create and inside the dashboard's Generate New Clipart card.
 */
export function Generator({ returnTo = '/create', className }: GeneratorProps) {
  const { me } = useSession();
  const { draft, update } = useGenerationDraft();
  const { state, start } = useGenerationJob();
  const { flash, show } = useFlash();
  const [blankError, setBlankError] = useState(false);
  /** Characters a paste lost to the length limit (the textarea cuts silently): said, not hidden. */
  const [pasteCut, setPasteCut] = useState(0);
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  /** Set by a click on Generate or More like this: the answer gets the view and the focus. */
  const awaitingResult = useRef(false);
  useEffect(() => {
    if (!awaitingResult.current || (state.stage !== 'succeeded' && state.stage !== 'failed')) return;
    awaitingResult.current = false;
    const panel = panelRef.current;
    // A refusal is said under Generate, where the member is looking; a picture gets the panel.
    if (!panel || state.stage === 'failed') return;
    placeInView(panel);
    // Once more on the next frame: a line above that changes with the answer (the cost line, the
    // plan's count) must not push the picture back out of view.
    requestAnimationFrame(() => placeInView(panel));
    panel.focus({ preventScroll: true });
  }, [state.stage]);
  const ids = useId();
  const promptId = `${ids}-prompt`;

  const working = state.stage === 'submitting' || state.stage === 'working';
  const blank = normalisePrompt(draft.prompt) === '';
  const options: GenerationOptions = { theme: draft.theme, quality: draft.quality, privacy: draft.privacy };
  // A draft kept from a Premium month asks for no more than the plan allows now.
  const count = Math.min(draft.count, me ? maxVariations(me.membership.tier) : 1);
  // A picked style counts only while the plan includes styles and the style still exists.
  const stylesAllowed = me !== null && hasCustomStyles(me.membership.tier);
  const styles = useStyles(stylesAllowed);
  const style = (stylesAllowed && styles.data?.styles.find((s) => s.id === draft.styleId)) || null;
  const costId = `${ids}-cost`;
  // The server would refuse (monthly limit and no credit, say): Generate waits, the line says why.
  const cost = me ? costLine(me, options, count).kind : null;
  const refused = cost === 'refused';
  const gate = premiumGate(me, cost === 'credit');

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (working || refused) return;
    if (blank) {
      setBlankError(true);
      promptRef.current?.focus();
      return;
    }
    setBlankError(false);
    // Sent as typed: the request schema normalises it (core/prompt.ts normalisePrompt).
    awaitingResult.current = true;
    // Art direction only while the plan opens it (a draft kept from a Premium month sends none).
    const artDirection =
      artDirectionOpen(me) && hasArtDirection(draft.artDirection) ? draft.artDirection : null;
    void start({
      prompt: draft.prompt,
      ...options,
      count,
      ...(style ? { styleId: style.id } : {}),
      ...(artDirection ? { artDirection } : {}),
    });
    // On narrow screens the picture appears below the form: bring it into view.
    const panel = panelRef.current;
    const sideBySide = window.matchMedia?.('(min-width: 1024px)').matches ?? false;
    if (panel && !sideBySide && panel.getBoundingClientRect().top > window.innerHeight * 0.5) {
      // At once, not smoothly: an animation still running when the answer came could carry the
      // view past the picture after it was placed.
      panel.scrollIntoView({ behavior: 'instant', block: 'start' });
    }
  };

  const onPromptKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit();
  };

  const pickTheme = (theme: ThemeId, locked: boolean) => {
    const premium = isPremiumTheme(theme);
    if (locked) {
      show({ group: 'theme', text: MESSAGES.themeUpgrade, tone: 'warning' });
      return;
    }
    // Another theme leaves the picked style: what is shown is what the picture gets.
    update(theme === draft.theme ? { theme } : { theme, styleId: null });
    const message = premium ? premiumThemeMessage(me) : null;
    if (message) show({ group: 'theme', text: message, tone: 'info' });
  };

  const pickOption = (group: 'quality' | 'privacy') => (value: string, locked: boolean) => {
    if (locked) {
      show({ group, text: MESSAGES.premiumRequiresCredit, tone: 'warning' });
      return;
    }
    update(group === 'quality' ? { quality: value as Quality } : { privacy: value as Privacy });
  };

  const describedBy = [`${promptId}-count`, blankError ? `${promptId}-error` : ''].filter(Boolean).join(' ');

  return (
    <div
      className={cn(
        'grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] xl:gap-10',
        className,
      )}
      data-testid="generator"
    >
      {/* At the limit, said first, not only beside Generate (far down on a phone). */}
      {refused && (
        <CostLine
          account={me}
          options={options}
          count={count}
          returnTo={returnTo}
          testId="limit-warning"
          className="lg:col-span-2"
        />
      )}
      <form
        onSubmit={submit}
        noValidate
        className="flex min-w-0 flex-col gap-6"
        aria-label="Generate clipart"
      >
        <div>
          <Label htmlFor={promptId} className="mb-2">
            Describe your clipart
          </Label>
          <Textarea
            id={promptId}
            ref={promptRef}
            value={draft.prompt}
            maxLength={PROMPT_MAX_LENGTH}
            rows={4}
            placeholder="A happy cactus wearing sunglasses, holding a cup of coffee"
            aria-invalid={blankError || undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              if (pasteCut > 0 && (event.nativeEvent as InputEvent).inputType !== 'insertFromPaste')
                setPasteCut(0);
              update({ prompt: event.target.value });
              if (blankError && normalisePrompt(event.target.value)) setBlankError(false);
            }}
            onKeyDown={onPromptKeyDown}
            onPaste={(event) => {
              const field = event.currentTarget;
              const kept = field.value.length - (field.selectionEnd - field.selectionStart);
              const pasted = event.clipboardData.getData('text').length;
              setPasteCut(Math.max(0, kept + pasted - PROMPT_MAX_LENGTH));
            }}
            readOnly={working}
            className="resize-y text-base"
          />
          <div className="mt-1.5 flex items-start justify-between gap-3">
            <FieldError
              id={`${promptId}-error`}
              message={blankError ? MESSAGES.enterDescription : undefined}
            />
            {pasteCut > 0 && (
              <p
                id={`${promptId}-cut`}
                role="status"
                className="text-amber-800 text-sm"
                data-testid="paste-cut"
              >
                The pasted text was cut to {PROMPT_MAX_LENGTH.toLocaleString('en-US')} characters: its last{' '}
                {pasteCut.toLocaleString('en-US')} {pasteCut === 1 ? 'character was' : 'characters were'} left
                out.
              </p>
            )}
            <p
              id={`${promptId}-count`}
              className={cn(
                'ml-auto shrink-0 text-muted-foreground text-xs tabular-nums',
                draft.prompt.length >= PROMPT_MAX_LENGTH && 'font-medium text-amber-700',
              )}
            >
              <span className="sr-only">Characters used: </span>
              {draft.prompt.length} / {PROMPT_MAX_LENGTH}
            </p>
          </div>
          <PromptSuggestions
            account={me}
            prompt={draft.prompt}
            disabled={working}
            returnTo={returnTo}
            onPick={(suggestion) => {
              update({ prompt: suggestion });
              setBlankError(false);
              promptRef.current?.focus();
            }}
          />
        </div>

        <div>
          <p
            className="mb-2 flex items-center gap-1.5 font-medium text-muted-foreground text-sm"
            id={`${ids}-ideas`}
          >
            <LightbulbIcon className="size-4 text-amber-500" aria-hidden="true" />
            Need an idea?
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-labelledby={`${ids}-ideas`}>
            {SAMPLE_PROMPTS.map((sample) => (
              <li key={sample}>
                <button
                  type="button"
                  disabled={working}
                  onClick={() => {
                    update({ prompt: sample });
                    setBlankError(false);
                    promptRef.current?.focus();
                  }}
                  className="rounded-full border bg-background px-3 py-1 text-xs transition-colors hover:border-primary/50 hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2 disabled:opacity-60"
                >
                  {sample}
                </button>
              </li>
            ))}
          </ul>
        </div>

        <OptionGroup
          label="Style theme"
          layout="tiles"
          value={draft.theme}
          items={THEME_ITEMS}
          gate={gate}
          disabled={working}
          onPick={pickTheme}
          message={<FlashLine flash={flash} group="theme" returnTo={returnTo} />}
        />

        <MyStyles
          account={me}
          styles={styles.data?.styles}
          selected={style}
          theme={draft.theme}
          disabled={working}
          returnTo={returnTo}
          onPick={(picked) =>
            update(picked ? { styleId: picked.id, theme: picked.theme } : { styleId: null })
          }
        />

        <div className="grid gap-6 sm:grid-cols-2">
          <OptionGroup
            label="Quality"
            layout="rows"
            value={draft.quality}
            items={QUALITY_ITEMS}
            gate={gate}
            disabled={working}
            onPick={pickOption('quality')}
            message={<FlashLine flash={flash} group="quality" returnTo={returnTo} />}
          />
          <OptionGroup
            label="Privacy"
            layout="rows"
            value={draft.privacy}
            items={PRIVACY_ITEMS}
            gate={gate}
            disabled={working}
            onPick={pickOption('privacy')}
            message={<FlashLine flash={flash} group="privacy" returnTo={returnTo} />}
          />
        </div>

        <PicturesChoice
          account={me}
          value={count}
          disabled={working}
          returnTo={returnTo}
          onChange={(picked) => update({ count: picked })}
        />

        <ArtDirectionControls
          account={me}
          value={draft.artDirection}
          disabled={working}
          returnTo={returnTo}
          onChange={(artDirection) => update({ artDirection })}
        />

        <div className="flex flex-col gap-3 border-t pt-5">
          <CostLine id={costId} account={me} options={options} count={count} returnTo={returnTo} />
          <Button
            type="submit"
            size="lg"
            disabled={blank || working || refused}
            aria-describedby={costId}
            className="w-full sm:w-auto sm:self-start"
          >
            {working ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <WandSparklesIcon aria-hidden="true" />
            )}
            {working ? 'Generating…' : 'Generate'}
          </Button>
          {state.stage === 'failed' && (
            <p
              role="alert"
              className="flex items-start gap-1.5 text-destructive text-sm"
              data-testid="generation-error"
            >
              <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {state.message}
                {state.refunded && ' Your credit was refunded.'}
              </span>
            </p>
          )}
        </div>
      </form>

      <section
        ref={panelRef}
        aria-label="Your clipart"
        tabIndex={-1}
        className="min-w-0 scroll-mt-20 rounded-xl focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-4 lg:sticky lg:top-20"
      >
        <GenerationPanel
          state={state}
          afterResult={(image) => {
            const again: GenerationOptions = {
              theme: image.theme,
              quality: draft.quality,
              privacy: image.privacy,
            };
            return (
              <MoreLikeThis
                account={me}
                options={again}
                count={count}
                onGenerate={() => {
                  update({ prompt: image.prompt, ...again });
                  awaitingResult.current = true;
                  void start({ prompt: image.prompt, ...again, count });
                }}
              />
            );
          }}
        />
      </section>
    </div>
  );
}
