import { type FormEvent, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../core/messages';
import { safeRedirectPath } from '../../core/redirect';
import { EmailField, PasswordField } from '../components/account/credential-fields';
import { AuthCard, AuthSubmit, inlineLinkClass } from '../components/auth-card';
import { FormAlert } from '../components/form-message';
import { Checkbox } from '../components/ui/checkbox';
import { FormField } from '../components/ui/form-field';
import { LiveForm } from '../components/ui/live-form';
import { CenteredSpinner } from '../components/ui/spinner';
import { errorMessage } from '../lib/api';
import { useSession } from '../lib/session';

const PROTECTED_PAGE = /^\/(create|dashboard|history|settings)(?=[/?#]|$)/;
const TEAM_JOIN = /^\/team\/join\?/;

export default function LoginPage() {
  const [params] = useSearchParams();
  const { status, refresh } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const destination = safeRedirectPath(params.get('redirectTo'));
  const fromExplore = params.get('from') === '/explore';
  const fromCheckout = params.get('from') === '/checkout/success';
  // Sent here by a members-only page (SPEC §2 /settings: 'Please sign in to view this page').
  const fromProtectedPage = !fromExplore && PROTECTED_PAGE.test(params.get('redirectTo') ?? '');
  // A team invitation's link: the invited address is the one to use, and sign-up comes back here too.
  const fromInvitation = TEAM_JOIN.test(params.get('redirectTo') ?? '');
  const signUpPath = fromInvitation
    ? `/signup?${new URLSearchParams({ redirectTo: destination }).toString()}`
    : '/signup';

  // Signed in (already, or just now once refresh() lands): go where the visitor was heading.
  if (status === 'signed-in') return <Navigate to={destination} replace />;
  if (status === 'loading') return <CenteredSpinner label="Checking your session" />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError(MESSAGES.fillAllFields);
      return;
    }
    setSubmitting(true);
    try {
      const { authClient, authErrorMessage } = await import('../lib/auth-client');
      const result = await authClient.signIn.email({ email: email.trim(), password, rememberMe });
      if (result.error) {
        setError(authErrorMessage(result.error, MESSAGES.failedToSignIn));
        setSubmitting(false);
        return;
      }
      await refresh();
    } catch (cause) {
      setError(errorMessage(cause, MESSAGES.unknownSignInError));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Sign in to your account"
      documentTitle="Sign in"
      footer={
        <>
          Or{' '}
          <Link to={signUpPath} className={inlineLinkClass}>
            create a new account
          </Link>
        </>
      }
    >
      <LiveForm noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {fromExplore && <FormAlert variant="info">{MESSAGES.signInToExplore}</FormAlert>}
        {fromCheckout && (
          <FormAlert variant="info">Sign in to the account you paid with to see your purchase.</FormAlert>
        )}
        {fromProtectedPage && <FormAlert variant="info">{MESSAGES.signInToView}</FormAlert>}
        {fromInvitation && (
          <FormAlert variant="info">
            Sign in with the e-mail address your team invitation was sent to; you join right after.
          </FormAlert>
        )}
        {error && <FormAlert>{error}</FormAlert>}
        <EmailField id="login-email" value={email} onValue={setEmail} disabled={submitting} required />
        <PasswordField
          id="login-password"
          label="Password"
          name="password"
          value={password}
          onValue={setPassword}
          disabled={submitting}
          required
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <FormField id="login-remember" label="Remember me" layout="inline">
            {(control) => (
              <Checkbox
                {...control}
                className="mt-0.5"
                checked={rememberMe}
                onCheckedChange={(checked) => setRememberMe(checked === true)}
                disabled={submitting}
              />
            )}
          </FormField>
          <Link to="/forgot-password" className={`${inlineLinkClass} text-sm`}>
            Forgot your password?
          </Link>
        </div>
        <AuthSubmit busy={submitting} busyLabel={MESSAGES.signingIn}>
          Sign in
        </AuthSubmit>
      </LiveForm>
    </AuthCard>
  );
}
