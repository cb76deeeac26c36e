// A password being chosen (sign-up, reset, change): the whole rule before typing, and while typing
// whether the server's strength check will take it. The check (zxcvbn-ts and its dictionaries,
// core/password-strength.ts) loads on the first keystroke, so pages that never ask pay nothing.
import { CheckCircle2Icon, CircleAlertIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { passwordProblem } from '../../../core/credentials';
import { MESSAGES } from '../../../core/messages';
import type { PasswordStrength } from '../../../core/password-strength';
import type { InputFieldProps } from '../ui/form-field';
import { PasswordField } from './credential-fields';

type Feedback = { ok: boolean; text: string } | null;

/** What the server will say of `password`, judged in the browser; null before anything is typed. */
export function usePasswordFeedback(password: string, related: string[] = []): Feedback {
  const [strength, setStrength] = useState<{ password: string; result: PasswordStrength } | null>(null);
  const relatedKey = related.join('\n');
  useEffect(() => {
    if (!password || passwordProblem(password)) return;
    let current = true;
    // A short pause so a fast typist is not judged at every key.
    const timer = setTimeout(() => {
      void import('../../../core/password-strength').then(({ passwordStrength }) => {
        if (current) setStrength({ password, result: passwordStrength(password, relatedKey.split('\n')) });
      });
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, relatedKey]);

  if (!password) return null;
  const problem = passwordProblem(password);
  if (problem) return { ok: false, text: problem };
  if (strength?.password !== password) return null;
  if (strength.result.strong) return { ok: true, text: MESSAGES.passwordStrongEnough };
  const why = strength.result.warning ? `: ${strength.result.warning}` : '.';
  return { ok: false, text: `${MESSAGES.passwordTooEasy}${why}` };
}

type Props = Omit<InputFieldProps, 'type' | 'autoComplete' | 'hint' | 'describedBy'> & {
  /** The member's e-mail or name: a password built on them is weak. */
  related?: string[];
};

export function NewPasswordField({ related, value, id, ...props }: Props) {
  const feedback = usePasswordFeedback(String(value ?? ''), related);
  const Icon = feedback?.ok ? CheckCircle2Icon : CircleAlertIcon;
  return (
    <div>
      <PasswordField
        id={id}
        isNew
        value={value}
        hint={MESSAGES.passwordRule}
        describedBy={`${id}-strength`}
        {...props}
      />
      {/* Polite: read after a pause in typing, never over the typed characters. */}
      <p
        id={`${id}-strength`}
        aria-live="polite"
        data-testid={`${id}-strength`}
        className={`mt-1 flex min-h-5 items-center gap-1.5 text-xs ${feedback?.ok ? 'text-success' : 'text-amber-800'}`}
      >
        {feedback && !props.error && (
          <>
            <Icon className="size-3.5 shrink-0" aria-hidden="true" />
            {feedback.text}
          </>
        )}
      </p>
    </div>
  );
}
