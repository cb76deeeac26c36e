import { type FormEvent, useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../core/messages';
import { isSafeRedirectPath } from '../../core/redirect';
import { EmailField, PasswordField } from '../components/account/credential-fields';
import { NewPasswordField } from '../components/account/new-password-field';
import { AuthCard, AuthSubmit, inlineLinkClass, MailSentNotice } from '../components/auth-card';
import { FormAlert } from '../components/form-message';
import { Checkbox } from '../components/ui/checkbox';
import { FormField } from '../components/ui/form-field';
import { LiveForm } from '../components/ui/live-form';
import { CenteredSpinner } from '../components/ui/spinner';
import { rememberAfterSignUp } from '../lib/after-sign-up';
import { errorMessage } from '../lib/api';
import { useAppMeta } from '../lib/meta';
import { useSession } from '../lib/session';
import { SIGN_UP_FIELDS, type SignUpErrors, type SignUpField, signUpErrors } from '../lib/sign-up-form';

/** A link in the form that opens in a new tab: reading the terms never leaves the form half-filled. */
function ReadInNewTab({ to, children }: { to: string; children: string }) {
  return (
    <a href={to} target="_blank" rel="noopener" className={inlineLinkClass}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

const FORM_KEY = 'clipsmith.signup.form';

/** The e-mail and the terms box, kept for the tab (never the password) so Back finds them. */
function readKeptForm(): { email: string; terms: boolean } {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(FORM_KEY) ?? 'null') as {
      email?: unknown;
      terms?: unknown;
    } | null;
    return {
      email: typeof kept?.email === 'string' ? kept.email.slice(0, 320) : '',
      terms: kept?.terms === true,
    };
  } catch {
    return { email: '', terms: false };
  }
}

export default function SignupPage() {
  const { status } = useSession();
  const { data: meta } = useAppMeta();
  const [params] = useSearchParams();
  // Where the confirmation link leads afterwards (a team invitation), kept only when it is a same-site path.
  const redirectTo = isSafeRedirectPath(params.get('redirectTo')) ? params.get('redirectTo') : null;
  const fromInvitation = redirectTo?.startsWith('/team/join?') ?? false;
  const signInPath = redirectTo ? `/login?${new URLSearchParams({ redirectTo }).toString()}` : '/login';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [terms, setTerms] = useState(false);
  // After hydration, so the prerendered HTML and the first render agree.
  useEffect(() => {
    const kept = readKeptForm();
    if (kept.email) setEmail(kept.email);
    if (kept.terms) setTerms(true);
  }, []);
  useEffect(() => {
    try {
      window.sessionStorage.setItem(FORM_KEY, JSON.stringify({ email, terms }));
    } catch {
      // Storage disabled: the form is simply not kept.
    }
  }, [email, terms]);
  const [errors, setErrors] = useState<SignUpErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** Sent: the same answer for a new and a taken address (see docs/security.md), so the same page. */
  const [sent, setSent] = useState(false);

  if (status === 'signed-in') return <Navigate to="/dashboard" replace />;
  if (status === 'loading') return <CenteredSpinner label="Checking your session" />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found = signUpErrors({ email, password, confirm, terms });
    setErrors(found);
    const firstInvalid = SIGN_UP_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      document.getElementById(`signup-${firstInvalid}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const { authClient, authErrorMessage } = await import('../lib/auth-client');
      const result = await authClient.signUp.email({ email: email.trim(), password, name: '' });
      if (result.error) {
        setFormError(authErrorMessage(result.error, MESSAGES.failedToCreateAccount));
        setSubmitting(false);
        return;
      }
      rememberAfterSignUp(redirectTo);
      setSubmitting(false);
      setSent(true);
    } catch (cause) {
      setFormError(errorMessage(cause, MESSAGES.failedToCreateAccount));
      setSubmitting(false);
    }
  }

  const clear = (field: SignUpField) => {
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <AuthCard
      title="Create a new account"
      documentTitle="Sign up"
      description="Free forever: 3 images every month, no card needed."
      footer={
        <>
          Already have an account?{' '}
          <Link to={signInPath} className={inlineLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      {sent ? (
        <MailSentNotice
          title="Check your e-mail"
          onUseAnotherEmail={() => {
            setSent(false);
            setPassword('');
            setConfirm('');
          }}
        >
          <p className="text-muted-foreground text-sm">
            We sent a message to <strong className="text-foreground">{email.trim()}</strong>. Open the link in
            it to finish creating your account; it signs you in and works for 24 hours.
          </p>
          <p className="text-muted-foreground text-sm">
            Nothing after a few minutes? Look in your spam folder, or{' '}
            <Link to="/login" className={inlineLinkClass}>
              sign in
            </Link>{' '}
            with this e-mail and password to get a new link.
            {fromInvitation && ' Once confirmed, you join the team that invited you.'}
          </p>
          {meta?.devOutbox && (
            <p className="text-muted-foreground text-sm">
              No mail server is set up here: read it in the{' '}
              <a href="/dev/mail" className={inlineLinkClass}>
                development outbox
              </a>
              .
            </p>
          )}
        </MailSentNotice>
      ) : (
        <LiveForm noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          {fromInvitation && (
            <FormAlert variant="info">
              Sign up with the e-mail address your team invitation was sent to; you join once it is confirmed.
            </FormAlert>
          )}
          {formError && <FormAlert>{formError}</FormAlert>}
          <EmailField
            id="signup-email"
            error={errors.email}
            value={email}
            onValue={(value) => {
              setEmail(value);
              clear('email');
            }}
            disabled={submitting}
            required
          />
          <NewPasswordField
            id="signup-password"
            label="Password"
            name="new-password"
            related={[email]}
            error={errors.password}
            value={password}
            onValue={(value) => {
              setPassword(value);
              clear('password');
            }}
            disabled={submitting}
            required
          />
          <PasswordField
            id="signup-confirm"
            label="Confirm password"
            isNew
            name="confirm-password"
            error={errors.confirm}
            value={confirm}
            onValue={(value) => {
              setConfirm(value);
              clear('confirm');
            }}
            disabled={submitting}
            required
          />
          <FormField
            id="signup-terms"
            layout="inline"
            error={errors.terms}
            label={
              <>
                I agree to the <ReadInNewTab to="/terms">Terms of Service</ReadInNewTab> and{' '}
                <ReadInNewTab to="/privacy">Privacy Policy</ReadInNewTab>
              </>
            }
          >
            {(control) => (
              <Checkbox
                {...control}
                // A 44 px tap target around the 16 px box (WCAG 2.5.5), without moving the text.
                className="relative mt-0.5 after:absolute after:-inset-[15px] after:content-['']"
                checked={terms}
                onCheckedChange={(checked) => {
                  setTerms(checked === true);
                  clear('terms');
                }}
                disabled={submitting}
              />
            )}
          </FormField>
          <AuthSubmit busy={submitting} busyLabel={MESSAGES.creatingAccount}>
            Create Account
          </AuthSubmit>
        </LiveForm>
      )}
    </AuthCard>
  );
}
