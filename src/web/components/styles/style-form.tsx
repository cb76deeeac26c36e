import { SaveIcon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { type CustomStyleCreate, customStyleCreateSchema } from '../../../core/api';
import { STYLE_NAME_MAX_LENGTH, STYLE_WORDS_MAX_LENGTH } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { THEMES } from '../../../core/options';
import { findPalette, PALETTES, type PaletteId } from '../../../core/palettes';
import { ApiError, errorMessage } from '../../lib/api';
import { useAppMeta } from '../../lib/meta';
import { pictureDrawer } from '../../lib/picture-drawer';
import { cn } from '../../lib/utils';
import { FormAlert } from '../form-message';
import { Button } from '../ui/button';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';

/** A native select styled like Input. */
export const SELECT_CLASS =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 disabled:opacity-60 aria-invalid:border-destructive sm:text-sm';

/** A palette's colours as a row of swatches, with its name for people who cannot see them. */
export function PaletteSwatches({ palette, className }: { palette: PaletteId; className?: string }) {
  const found = findPalette(palette);
  if (!found) return null;
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <span className="inline-flex overflow-hidden rounded border" aria-hidden="true">
        {found.colors.map((colour) => (
          <span key={colour} className="size-4" style={{ backgroundColor: colour }} />
        ))}
      </span>
      <span>{found.label}</span>
    </span>
  );
}

type FieldErrors = Partial<Record<keyof CustomStyleCreate, string>>;

/**
 * Name, theme, palette and style words of a custom style. The generator's "Save as style" fixes
 * the theme to the one picked there (`theme` shown, not editable) and, sitting inside the
 * generator's form, is a group rather than a form of its own (`embedded`: forms cannot nest, and
 * Enter saves the style instead of starting a picture); Settings → Styles edits all.
 */
export function StyleForm({
  initial,
  themeEditable,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  embedded = false,
}: {
  initial: CustomStyleCreate;
  embedded?: boolean;
  themeEditable: boolean;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal of the last save, if any. */
  error: unknown;
  onSubmit: (style: CustomStyleCreate) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<CustomStyleCreate>(initial);
  const drawer = pictureDrawer(useAppMeta().data);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const set = (patch: Partial<CustomStyleCreate>) => setValues((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = customStyleCreateSchema.safeParse(values);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof CustomStyleCreate;
        errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    onSubmit(parsed.data);
  };

  // A taken name belongs next to the name; other refusals (the 20-style limit, the plan) above.
  const nameTaken =
    error instanceof ApiError && error.code === 'style_name_taken' ? error.message : undefined;
  const formError = error && !nameTaken ? errorMessage(error) : null;
  const theme = THEMES.find((t) => t.id === values.theme);
  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) submit(event);
  };

  const fields = (
    <>
      {formError && <FormAlert>{formError}</FormAlert>}
      <FormField id={`${id}-name`} label="Style name" error={fieldErrors.name ?? nameTaken}>
        {(control) => (
          <Input
            {...control}
            value={values.name}
            maxLength={STYLE_NAME_MAX_LENGTH + 10}
            autoComplete="off"
            placeholder="e.g. Sunny stickers"
            disabled={pending}
            onChange={(event) => set({ name: event.target.value })}
          />
        )}
      </FormField>
      {themeEditable ? (
        <FormField id={`${id}-theme`} label="Theme">
          {(control) => (
            <select
              {...control}
              className={SELECT_CLASS}
              value={values.theme}
              disabled={pending}
              onChange={(event) => set({ theme: event.target.value as CustomStyleCreate['theme'] })}
            >
              {THEMES.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : (
        <p className="text-sm">
          <span className="text-muted-foreground">Theme:</span> {theme?.label}
        </p>
      )}
      <FormField
        id={`${id}-palette`}
        label="Palette"
        error={fieldErrors.palette}
        hint={<PaletteSwatches palette={values.palette} />}
      >
        {(control) => (
          <select
            {...control}
            className={SELECT_CLASS}
            value={values.palette}
            disabled={pending}
            onChange={(event) => set({ palette: event.target.value as PaletteId })}
          >
            {PALETTES.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id={`${id}-words`}
        label="Style words (optional)"
        error={fieldErrors.words}
        hint={`Added to the picture's description ${drawer ? ` for ${drawer}` : ''}, e.g. "soft pastel shading". Up to ${STYLE_WORDS_MAX_LENGTH} characters.`}
      >
        {(control) => (
          <Input
            {...control}
            value={values.words}
            maxLength={STYLE_WORDS_MAX_LENGTH + 10}
            autoComplete="off"
            disabled={pending}
            onChange={(event) => set({ words: event.target.value })}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button
          type={embedded ? 'button' : 'submit'}
          disabled={pending}
          onClick={embedded ? submit : undefined}
        >
          <SaveIcon aria-hidden="true" />
          {pending ? MESSAGES.saving : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
      </div>
    </>
  );
  return embedded ? (
    <fieldset className="m-0 flex min-w-0 flex-col gap-4 border-0 p-0" onKeyDown={onKeyDown}>
      <legend className="sr-only">{submitLabel}</legend>
      {fields}
    </fieldset>
  ) : (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={submitLabel}>
      {fields}
    </form>
  );
}
