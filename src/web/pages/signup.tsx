import { MailCheckIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { emailSchema, passwordSchema } from '../../core/api';
import { MESSAGES } from '../../core/messages';
import { AuthCard, inlineLinkClass } from '../components/auth-card';
import { FieldError, FormAlert } from '../components/form-message';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { CenteredSpinner } from '../components/ui/spinner';
import { errorMessage } from '../lib/api';
import { useAppMeta } from '../lib/meta';
import { useSession } from '../lib/session';

type Field = 'email' | 'password' | 'confirm' | 'terms';
type Errors = Partial<Record<Field, string>>;

export default function SignupPage() {
  const { status } = useSession();
  const { data: meta } = useAppMeta();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** Sent: the same answer for a new and a taken address (see docs/security.md), so the same page. */
  const [sent, setSent] = useState(false);

  if (status === 'signed-in') return <Navigate to="/dashboard" replace />;
  if (status === 'loading') return <CenteredSpinner label="Checking your session" />;

  function validate(): Errors {
    if (!email.trim() || !password || !confirm) {
      return {
        email: email.trim() ? undefined : MESSAGES.fillAllFields,
        password: password ? undefined : MESSAGES.fillAllFields,
        confirm: confirm ? undefined : MESSAGES.fillAllFields,
      };
    }
    const found: Errors = {};
    const emailCheck = emailSchema.safeParse(email);
    if (!emailCheck.success) found.email = emailCheck.error.issues[0].message;
    const passwordCheck = passwordSchema.safeParse(password);
    if (!passwordCheck.success) found.password = passwordCheck.error.issues[0].message;
    if (password !== confirm) found.confirm = MESSAGES.passwordsDoNotMatch;
    if (!terms) found.terms = MESSAGES.acceptTerms;
    return found;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found = validate();
    setErrors(found);
    const firstInvalid = (['email', 'password', 'confirm', 'terms'] as const).find((field) => found[field]);
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
      setSubmitting(false);
      setSent(true);
    } catch (cause) {
      setFormError(errorMessage(cause, MESSAGES.failedToCreateAccount));
      setSubmitting(false);
    }
  }

  const clear = (field: Field) => {
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const describedBy = (field: Field, extra?: string) =>
    [errors[field] ? `signup-${field}-error` : undefined, extra].filter(Boolean).join(' ') || undefined;

  return (
    <AuthCard
      title="Create a new account"
      documentTitle="Sign up"
      description="Free forever: 3 images every month, no card needed."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={inlineLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      {sent ? (
        <div className="flex flex-col items-center gap-3 text-center" role="status">
          <MailCheckIcon className="size-10 text-success" aria-hidden="true" />
          <p className="font-semibold">Check your e-mail</p>
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
          <Button
            variant="outline"
            className="mt-2"
            onClick={() => {
              setSent(false);
              setPassword('');
              setConfirm('');
            }}
          >
            Use a different email
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          {formError && <FormAlert>{formError}</FormAlert>}
          <div>
            <Label htmlFor="signup-email">Email address</Label>
            <Input
              id="signup-email"
              type="email"
              name="email"
              autoComplete="email"
              className="mt-2"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                clear('email');
              }}
              aria-invalid={Boolean(errors.email)}
              aria-describedby={describedBy('email')}
              disabled={submitting}
              required
            />
            <FieldError id="signup-email-error" message={errors.email} />
          </div>
          <div>
            <Label htmlFor="signup-password">Password</Label>
            <Input
              id="signup-password"
              type="password"
              name="new-password"
              autoComplete="new-password"
              className="mt-2"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                clear('password');
              }}
              aria-invalid={Boolean(errors.password)}
              aria-describedby={describedBy('password', 'signup-password-hint')}
              disabled={submitting}
              required
            />
            <p id="signup-password-hint" className="mt-1.5 text-muted-foreground text-xs">
              At least 8 characters.
            </p>
            <FieldError id="signup-password-error" message={errors.password} />
          </div>
          <div>
            <Label htmlFor="signup-confirm">Confirm password</Label>
            <Input
              id="signup-confirm"
              type="password"
              name="confirm-password"
              autoComplete="new-password"
              className="mt-2"
              value={confirm}
              onChange={(event) => {
                setConfirm(event.target.value);
                clear('confirm');
              }}
              aria-invalid={Boolean(errors.confirm)}
              aria-describedby={describedBy('confirm')}
              disabled={submitting}
              required
            />
            <FieldError id="signup-confirm-error" message={errors.confirm} />
          </div>
          <div>
            <div className="flex items-start gap-2">
              <Checkbox
                id="signup-terms"
                className="mt-0.5"
                checked={terms}
                onCheckedChange={(checked) => {
                  setTerms(checked === true);
                  clear('terms');
                }}
                aria-invalid={Boolean(errors.terms)}
                aria-describedby={describedBy('terms')}
                disabled={submitting}
              />
              <Label htmlFor="signup-terms" className="inline font-normal leading-snug">
                I agree to the{' '}
                <Link to="/terms" className={inlineLinkClass}>
                  Terms of Service
                </Link>{' '}
                and{' '}
                <Link to="/privacy" className={inlineLinkClass}>
                  Privacy Policy
                </Link>
              </Label>
            </div>
            <FieldError id="signup-terms-error" message={errors.terms} />
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={submitting}>
            {submitting ? MESSAGES.creatingAccount : 'Create Account'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
