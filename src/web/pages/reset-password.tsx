import { type FormEvent, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation, useSearchParams } from 'react-router';
import { passwordProblem } from '../../core/credentials';
import { MESSAGES } from '../../core/messages';
import { PasswordField } from '../components/account/credential-fields';
import { NewPasswordField } from '../components/account/new-password-field';
import { AuthCard, AuthSubmit, inlineLinkClass } from '../components/auth-card';
import { FormAlert } from '../components/form-message';
import { Button } from '../components/ui/button';
import { errorMessage } from '../lib/api';

const LINK_EXPIRED = 'This reset link is invalid or has expired. Please request a new one.';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  // Set by the confirmation page when the address was signed up for more than once.
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found = {
      password: passwordProblem(password),
      confirm: password === confirm ? undefined : MESSAGES.passwordsDoNotMatch,
    };
    setErrors(found);
    if (found.password || found.confirm || !token) {
      document.getElementById(found.password ? 'reset-password' : 'reset-confirm')?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const { authClient, authErrorMessage } = await import('../lib/auth-client');
      const result = await authClient.resetPassword({ newPassword: password, token });
      if (!result.error) setDone(true);
      else {
        const message = authErrorMessage(result.error, LINK_EXPIRED);
        // A weak password is the field's problem; the link is still good, so no "new link" offer.
        if (message.startsWith(MESSAGES.passwordTooEasy)) {
          setErrors({ password: message });
          // The field is disabled while sending: enable it first, then focus it.
          flushSync(() => setSubmitting(false));
          document.getElementById('reset-password')?.focus();
        } else setFormError(message);
      }
    } catch (cause) {
      setFormError(errorMessage(cause));
    } finally {
      setSubmitting(false);
    }
  }

  const body = done ? (
    <div className="flex flex-col gap-4">
      <FormAlert variant="success">Your password has been changed. Sign in with your new password.</FormAlert>
      <Button asChild size="lg">
        <Link to="/login">Sign in</Link>
      </Button>
    </div>
  ) : !token || linkError ? (
    <div className="flex flex-col gap-4">
      <FormAlert>{LINK_EXPIRED}</FormAlert>
      <Button asChild>
        <Link to="/forgot-password">Request a new link</Link>
      </Button>
    </div>
  ) : (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {typeof notice === 'string' && <FormAlert variant="info">{notice}</FormAlert>}
      {formError && (
        <FormAlert>
          {formError}{' '}
          <Link to="/forgot-password" className={inlineLinkClass}>
            Request a new link
          </Link>
        </FormAlert>
      )}
      <NewPasswordField
        id="reset-password"
        label="New password"
        error={errors.password}
        value={password}
        onValue={(value) => {
          setPassword(value);
          if (errors.password) setErrors((current) => ({ ...current, password: undefined }));
        }}
        disabled={submitting}
        required
      />
      <PasswordField
        id="reset-confirm"
        label="Confirm new password"
        isNew
        error={errors.confirm}
        value={confirm}
        onValue={(value) => {
          setConfirm(value);
          if (errors.confirm) setErrors((current) => ({ ...current, confirm: undefined }));
        }}
        disabled={submitting}
        required
      />
      <AuthSubmit busy={submitting} busyLabel="Saving...">
        Set new password
      </AuthSubmit>
    </form>
  );

  return (
    <AuthCard
      title="Choose a new password"
      documentTitle="Reset password"
      footer={
        done ? undefined : (
          <Link to="/login" className={inlineLinkClass}>
            Back to sign in
          </Link>
        )
      }
    >
      {body}
    </AuthCard>
  );
}
