import { MailPlusIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { emailSchema } from '../../../core/api';
import { TEAM_INVITATION_DAYS } from '../../../core/tiers';
import { ApiError, errorMessage } from '../../lib/api';
import { useInvite } from '../../lib/team';
import { toast } from '../../lib/toast';
import { FormAlert } from '../form-message';
import { Button } from '../ui/button';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';

const FIELD_ID = 'team-invite-email';

/** Answers about the address itself (not valid, already invited or on the team, no seat left) sit under the field. */
function isFieldError(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 409 || error.code === 'invalid_request');
}

/** The owner invites a colleague by e-mail; the server mails them the link. */
export function InviteForm({
  seatsLeft,
  invited = [],
  members = [],
}: {
  seatsLeft: number;
  /** Addresses with an invitation still pending: Resend is beside them, not a second invitation. */
  invited?: string[];
  /** Addresses already on the team. */
  members?: string[];
}) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const invite = useInvite();

  function alreadyThere(email: string): string | undefined {
    const same = (other: string) => other.toLowerCase() === email;
    if (members.some(same)) return `${email} is already on the team.`;
    if (invited.some(same))
      return `${email} is already invited: use Resend beside the invitation to send a new link.`;
    return undefined;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (invite.isPending) return;
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0].message);
      document.getElementById(FIELD_ID)?.focus();
      return;
    }
    const already = alreadyThere(parsed.data);
    if (already) {
      setFieldError(already);
      document.getElementById(FIELD_ID)?.focus();
      return;
    }
    setFieldError(undefined);
    invite.mutate(parsed.data, {
      onSuccess: (sent) => {
        setEmail('');
        toast.success(`Invitation sent to ${sent.email}`, { id: 'team-invited' });
      },
      onError: (error) => {
        if (isFieldError(error)) {
          setFieldError(error.message);
          document.getElementById(FIELD_ID)?.focus();
        }
      },
    });
  }

  const formError = invite.isError && !isFieldError(invite.error);
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      {formError && <FormAlert>{errorMessage(invite.error)}</FormAlert>}
      <FormField
        id={FIELD_ID}
        label="Colleague's e-mail address"
        error={fieldError}
        hint={
          seatsLeft > 0
            ? `They get a link that works once, for ${TEAM_INVITATION_DAYS} days, for this address only. ${seatsLeft} ${seatsLeft === 1 ? 'seat' : 'seats'} left.`
            : 'Every seat is taken: remove a member or revoke an invitation to invite someone else.'
        }
      >
        {(control) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...control}
              type="email"
              name="email"
              autoComplete="off"
              placeholder="name@company.com"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                if (fieldError) setFieldError(undefined);
              }}
              disabled={invite.isPending}
            />
            <Button type="submit" disabled={invite.isPending} className="sm:w-auto">
              <MailPlusIcon aria-hidden="true" />
              {invite.isPending ? 'Sending…' : 'Send invitation'}
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}
