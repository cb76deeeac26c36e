import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { emailProblem } from '../../core/credentials';
import { MESSAGES } from '../../core/messages';
import { EmailField } from '../components/account/credential-fields';
import { AuthCard, AuthSubmit, inlineLinkClass, MailSentNotice } from '../components/auth-card';
import { FormAlert } from '../components/form-message';
import { LiveForm } from '../components/ui/live-form';
import { errorMessage } from '../lib/api';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const problem = emailProblem(email);
    if (problem) {
      setFieldError(problem);
      document.getElementById('forgot-email')?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const { authClient, authErrorMessage } = await import('../lib/auth-client');
      const result = await authClient.requestPasswordReset({
        email: email.trim().toLowerCase(),
        redirectTo: '/reset-password',
      });
      if (result.error) setFormError(authErrorMessage(result.error, MESSAGES.somethingWentWrong));
      else setSent(true);
    } catch (cause) {
      setFormError(errorMessage(cause));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Reset your password"
      documentTitle="Forgot password"
      description="Enter your account's email address and we will send you a link to choose a new password."
      footer={
        <Link to="/login" className={inlineLinkClass}>
          Back to sign in
        </Link>
      }
    >
      {sent ? (
        <MailSentNotice title="Check your inbox" onUseAnotherEmail={() => setSent(false)}>
          <p className="text-muted-foreground text-sm">
            If an account exists for <strong className="text-foreground">{email.trim()}</strong>, a reset link
            is on its way. It expires in one hour.
          </p>
        </MailSentNotice>
      ) : (
        <LiveForm noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          {formError && <FormAlert>{formError}</FormAlert>}
          <EmailField
            id="forgot-email"
            error={fieldError}
            value={email}
            onValue={(value) => {
              setEmail(value);
              setFieldError(undefined);
            }}
            disabled={submitting}
            required
          />
          <AuthSubmit busy={submitting} busyLabel="Sending...">
            Send reset link
          </AuthSubmit>
        </LiveForm>
      )}
    </AuthCard>
  );
}
