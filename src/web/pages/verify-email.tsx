import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { contestedConfirmationSchema } from '../../core/api';
import { MESSAGES } from '../../core/messages';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-message';
import { Button } from '../components/ui/button';
import { CenteredSpinner } from '../components/ui/spinner';
import { takeAfterSignUp } from '../lib/after-sign-up';
import { useSession } from '../lib/session';

type Outcome = 'checking' | 'confirmed' | 'invalid' | { choosePassword: string; notice: string };

/**
 * The link of the sign-up e-mail: confirms the address with its token, which also signs in, then
 * goes to the dashboard (or back where the sign-up started: a team invitation's link). A link used before confirms nothing new and asks for a sign-in. An address
 * signed up for more than once is confirmed without a password: on to choosing one.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { status, refresh } = useSession();
  const [outcome, setOutcome] = useState<Outcome>(token ? 'checking' : 'invalid');
  const [afterSignUp, setAfterSignUp] = useState('/dashboard');
  // One request per token, even when React runs the effect twice (development's StrictMode).
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (!token || asked.current === token) return;
    asked.current = token;
    (async () => {
      try {
        const res = await fetch(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, {
          credentials: 'same-origin',
        });
        if (!res.ok) return setOutcome('invalid');
        const contested = contestedConfirmationSchema.safeParse(await res.json().catch(() => null));
        if (contested.success)
          return setOutcome({ choosePassword: contested.data.resetToken, notice: contested.data.message });
        await refresh();
        // Where the sign-up started from (a team invitation), else the dashboard.
        setAfterSignUp(takeAfterSignUp());
        setOutcome('confirmed');
      } catch {
        setOutcome('invalid');
      }
    })();
  }, [token, refresh]);

  if (typeof outcome === 'object')
    return (
      <Navigate
        to={`/reset-password?token=${encodeURIComponent(outcome.choosePassword)}`}
        state={{ notice: outcome.notice }}
        replace
      />
    );
  // Confirmed with a new session; a link used before confirms again but opens none: sign in.
  if (outcome === 'confirmed' && status === 'signed-in') return <Navigate to={afterSignUp} replace />;
  if (outcome === 'checking' || status === 'loading')
    return <CenteredSpinner label="Confirming your e-mail" />;

  return (
    <AuthCard title="Confirm your e-mail" documentTitle="Confirm your e-mail">
      <div className="flex flex-col gap-4">
        {outcome === 'invalid' ? (
          <FormAlert>{MESSAGES.confirmationLinkInvalid}</FormAlert>
        ) : (
          <FormAlert variant="success">Your e-mail address is confirmed. Sign in to continue.</FormAlert>
        )}
        <Button asChild size="lg">
          <Link
            to={
              afterSignUp === '/dashboard'
                ? '/login'
                : `/login?${new URLSearchParams({ redirectTo: afterSignUp }).toString()}`
            }
          >
            Sign in
          </Link>
        </Button>
      </div>
    </AuthCard>
  );
}
