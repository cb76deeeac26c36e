import { useId } from 'react';
import { Link } from 'react-router';
import type { Me } from '../../../core/api';
import { ART_DIRECTION_CONTROLS, type ArtDirection } from '../../../core/art-direction';
import { MESSAGES } from '../../../core/messages';
import { ChoiceChips } from './choice-chips';
import { pricingLink } from './cost-line';
import { artDirectionOpen } from './gating';

/** The chip that leaves a control to the provider (today's picture); its value is never sent. */
const AUTO = 'auto';

/**
 * Art direction (Premium and Enterprise): composition, outline, colour count, background and
 * viewpoint, each a radio group with "Auto" first. Below Premium every group stays visible but
 * disabled, with one line naming the plan that opens them.
 */
export function ArtDirectionControls({
  account,
  value,
  disabled,
  returnTo,
  onChange,
}: {
  account: Pick<Me, 'membership'> | null;
  value: ArtDirection;
  disabled: boolean;
  returnTo: string;
  onChange: (direction: ArtDirection) => void;
}) {
  const ids = useId();
  const open = artDirectionOpen(account);
  const noteId = `${ids}-note`;
  return (
    <fieldset className="min-w-0 rounded-lg border p-4" data-testid="art-direction" aria-describedby={noteId}>
      <legend className="px-1 font-medium text-sm">Art direction</legend>
      <p id={noteId} className="mb-3 text-muted-foreground text-xs" data-testid="art-direction-note">
        {open ? (
          'Direct the picture; Auto leaves a control to the image maker.'
        ) : (
          <>
            {MESSAGES.artDirectionPlanLine.replace('Premium plan.', '')}
            <Link to={pricingLink(returnTo)} className="font-semibold underline underline-offset-2">
              Premium plan
            </Link>
            .
          </>
        )}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {ART_DIRECTION_CONTROLS.map((control) => (
          <ChoiceChips
            key={control.key}
            legend={control.label}
            name={`${ids}-${control.key}`}
            value={open ? (value[control.key] ?? AUTO) : AUTO}
            choices={[
              { value: AUTO, label: 'Auto', disabled: disabled || !open },
              ...control.values.map((v) => ({
                value: v.id as string,
                label: v.label,
                disabled: disabled || !open,
              })),
            ]}
            onChange={(picked) => {
              const next: Record<string, string | undefined> = { ...value };
              if (picked === AUTO) delete next[control.key];
              else next[control.key] = picked;
              onChange(next as ArtDirection);
            }}
          />
        ))}
      </div>
    </fieldset>
  );
}
