import { PaletteIcon, PlusIcon, Settings2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { CustomStyle, Me } from '../../../core/api';
import { findTheme, type ThemeId } from '../../../core/options';
import { hasCustomStyles } from '../../../core/tiers';
import { useCreateStyle } from '../../lib/styles';
import { PaletteSwatches, SELECT_CLASS, StyleForm } from '../styles/style-form';
import { Button } from '../ui/button';
import { pricingLink } from './cost-line';

/** What a style applies, spelled out so the person knows what the next picture gets. */
export function StyleSummary({ style }: { style: CustomStyle }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span>{findTheme(style.theme)?.label ?? style.theme} theme</span>
      <span aria-hidden="true">·</span>
      <PaletteSwatches palette={style.palette} />
      <span className="sr-only">palette</span>
      {style.words && (
        <>
          <span aria-hidden="true">·</span>
          <span>“{style.words}”</span>
        </>
      )}
    </span>
  );
}

/**
 * "My styles" in the generator (Premium and Enterprise): pick a saved style to apply its theme,
 * palette and words, or save the current theme with a palette and words under a name. Other plans
 * see one line saying styles come with Premium.
 */
export function MyStyles({
  account,
  styles,
  selected,
  theme,
  disabled,
  returnTo,
  onPick,
}: {
  account: Me | null;
  styles: CustomStyle[] | undefined;
  selected: CustomStyle | null;
  /** The theme picked in the generator now: what "Save as style" saves. */
  theme: ThemeId;
  disabled: boolean;
  returnTo: string;
  onPick: (style: CustomStyle | null) => void;
}) {
  const id = useId();
  const [saving, setSaving] = useState(false);
  const create = useCreateStyle();
  if (!account) return null;

  if (!hasCustomStyles(account.membership.tier)) {
    return (
      <p className="text-muted-foreground text-sm" data-testid="styles-premium-note">
        <PaletteIcon className="mr-1.5 inline size-4 align-[-3px]" aria-hidden="true" />
        Saved custom styles (your theme, palette and style words, reused in one click) come with{' '}
        <Link to={pricingLink(returnTo)} className="font-semibold underline underline-offset-2">
          Premium
        </Link>
        .
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-2" data-testid="my-styles">
      <label htmlFor={`${id}-select`} className="font-medium text-sm">
        My styles
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <select
          id={`${id}-select`}
          className={SELECT_CLASS}
          value={selected?.id ?? ''}
          disabled={disabled || !styles}
          aria-describedby={selected ? `${id}-applied` : undefined}
          onChange={(event) => onPick(styles?.find((s) => s.id === event.target.value) ?? null)}
        >
          <option value="">No saved style</option>
          {styles?.map((style) => (
            <option key={style.id} value={style.id}>
              {style.name}
            </option>
          ))}
        </select>
        <div className="flex shrink-0 gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={disabled}
            aria-expanded={saving}
            onClick={() => {
              create.reset();
              setSaving((open) => !open);
            }}
          >
            <PlusIcon aria-hidden="true" />
            Save as style
          </Button>
          <Button asChild variant="ghost">
            <Link to="/settings/styles">
              <Settings2Icon aria-hidden="true" />
              Manage
            </Link>
          </Button>
        </div>
      </div>
      {selected && (
        <p id={`${id}-applied`} className="text-muted-foreground text-sm" data-testid="style-applied">
          Applies: <StyleSummary style={selected} />
        </p>
      )}
      {saving && (
        <div className="rounded-md border bg-muted/30 p-4">
          <StyleForm
            initial={{
              name: '',
              theme,
              palette: selected?.palette ?? 'sunset',
              words: selected?.words ?? '',
            }}
            themeEditable={false}
            embedded
            submitLabel="Save style"
            pending={create.isPending}
            error={create.error}
            onSubmit={(style) =>
              create.mutate(style, {
                onSuccess: (saved) => {
                  setSaving(false);
                  onPick(saved);
                },
              })
            }
            onCancel={() => setSaving(false)}
          />
        </div>
      )}
    </div>
  );
}
