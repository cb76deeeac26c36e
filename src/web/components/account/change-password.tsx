import { type FormEvent, useEffect, useState } from 'react';
import { passwordProblem } from '../../../core/credentials';
import { MESSAGES } from '../../../core/messages';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { FormAlert } from '../form-message';
import { Button } from '../ui/button';
import { PasswordField } from './credential-fields';
import { NewPasswordField } from './new-password-field';

type Field = 'current' | 'next' | 'confirm';
type Errors = Partial<Record<Field, string>>;

const WRONG_CURRENT = 'This is not your current password.';

/**
 * Changing the password while signed in: the current one, the new one twice. Every other device
 * is signed out (Better Auth's revokeOtherSessions); this one stays signed in. The server checks
 * the current password (rate limited) and the new one's strength.
 */
export function ChangePassword({ email, name }: { email: string; name: string }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  /** The field to focus once the form is enabled again (a disabled input cannot take focus). */
  const [focus, setFocus] = useState<Field | null>(null);
  useEffect(() => {
    if (!focus || saving) return;
    document.getElementById(`change-password-${focus}`)?.focus();
    setFocus(null);
  }, [focus, saving]);

  const edit = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    setDone(false);
    if (errors[field]) setErrors((was) => ({ ...was, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    const found: Errors = {
      current: current ? undefined : 'Enter your current password',
      next: next ? passwordProblem(next) : MESSAGES.choosePassword,
      confirm: !confirm
        ? MESSAGES.confirmPassword
        : confirm === next
          ? undefined
          : MESSAGES.passwordsDoNotMatch,
    };
    setErrors(found);
    const first = (['current', 'next', 'confirm'] as const).find((field) => found[field]);
    if (first) {
      setFocus(first);
      return;
    }
    setSaving(true);
    try {
      const { authClient, authErrorMessage } = await import('../../lib/auth-client');
      const result = await authClient.changePassword({
        currentPassword: current,
        newPassword: next,
        revokeOtherSessions: true,
      });
      if (result.error) {
        // Our front of Better Auth answers { error: { code, message } } (auth/routes.ts).
        const { error } = result.error as { error?: { code?: string } };
        const code = error?.code ?? result.error.code?.toLowerCase();
        const message = authErrorMessage(
          result.error,
          'Your password could not be changed. Please try again.',
        );
        if (code === 'invalid_password') {
          setErrors({ current: WRONG_CURRENT });
          setFocus('current');
        } else if (result.error.status === 400 && message.startsWith(MESSAGES.passwordTooEasy)) {
          setErrors({ next: message });
          setFocus('next');
        } else setFormError(message);
        return;
      }
      setCurrent('');
      setNext('');
      setConfirm('');
      setDone(true);
      toast.success('Password changed', { id: 'password-changed' });
    } catch (cause) {
      setFormError(errorMessage(cause));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex max-w-md flex-col gap-5"
      aria-label="Change password"
    >
      {formError && <FormAlert>{formError}</FormAlert>}
      {done && (
        <FormAlert variant="success">
          Your password has been changed. Every other device you were signed in on has been signed out.
        </FormAlert>
      )}
      {/* A hidden username lets a password manager store the new password under the right account. */}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        id="change-password-current"
        label="Current password"
        error={errors.current}
        value={current}
        onValue={edit('current', setCurrent)}
        disabled={saving}
        required
      />
      <NewPasswordField
        id="change-password-next"
        label="New password"
        related={[email, name]}
        error={errors.next}
        value={next}
        onValue={edit('next', setNext)}
        disabled={saving}
        required
      />
      <PasswordField
        id="change-password-confirm"
        label="Confirm new password"
        isNew
        error={errors.confirm}
        value={confirm}
        onValue={edit('confirm', setConfirm)}
        disabled={saving}
        required
      />
      <div>
        <Button type="submit" disabled={saving}>
          {saving ? 'Changing...' : 'Change password'}
        </Button>
        <p className="mt-2 text-muted-foreground text-xs">
          Other devices signed in to your account are signed out; this one stays signed in.
        </p>
      </div>
    </form>
  );
}
