import { CheckCircle2Icon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { tierLabel } from '../../core/tiers';
import { AuthCard, inlineLinkClass } from '../components/auth-card';
import { FormAlert } from '../components/form-message';
import { Button } from '../components/ui/button';
import { CenteredSpinner } from '../components/ui/spinner';
import { ApiError, errorMessage } from '../lib/api';
import { useSession } from '../lib/session';
import { useJoinTeam } from '../lib/team';

const TITLE = 'Join a team';

/**
 * The server's refusal in plain words (expired or used, not valid, already on a team: its own
 * message); for another account it also names the address signed in, so the way out is clear.
 */
function refusal(error: unknown, email: string): string {
  if (error instanceof ApiError && error.code === 'invitation_other_address')
    return `This invitation was sent to another e-mail address, and you are signed in as ${email}. Sign out, then open the link again and sign in (or sign up) with the address the invitation was sent to.`;
  return errorMessage(error);
}

/**
 * The link of the invitation mail: /team/join?token=…. Signed out, it asks to sign in or sign up with
 * the invited address and comes back here afterwards; signed in, it joins at once.
 */
export default function TeamJoinPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { status, me, signOut } = useSession();
  const navigate = useNavigate();
  const join = useJoinTeam();
  // One request per token, even when React runs the effect twice (development's StrictMode).
  const asked = useRef<string | null>(null);
  const here = `/team/join?token=${encodeURIComponent(token)}`;
  const back = new URLSearchParams({ redirectTo: here }).toString();

  useEffect(() => {
    if (status !== 'signed-in' || !token || asked.current === token) return;
    asked.current = token;
    join.mutate(token);
  }, [status, token, join]);

  if (!token) {
    return (
      <AuthCard title={TITLE} documentTitle={TITLE}>
        <FormAlert>
          This invitation link is incomplete. Open it again from the e-mail, or copy the whole address into
          the browser.
        </FormAlert>
      </AuthCard>
    );
  }

  if (status === 'loading') return <CenteredSpinner label="Checking your session" />;

  if (status === 'signed-out') {
    return (
      <AuthCard
        title={TITLE}
        documentTitle={TITLE}
        description={`You are invited to a team on ${tierLabel('enterprise')}.`}
      >
        <div className="flex flex-col gap-4">
          <p className="text-sm">
            Sign in with the e-mail address the invitation was sent to, or create an account with it. You come
            back here afterwards to join.
          </p>
          <Button asChild size="lg">
            <Link to={`/login?${back}`}>Sign in to join</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={`/signup?${back}`}>Create an account</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  if (join.isSuccess) {
    const name = join.data.team.name;
    return (
      <AuthCard title={`You joined ${name}`} documentTitle={`You joined ${name}`}>
        <div className="flex flex-col gap-4" role="status">
          <p className="flex items-start gap-2 text-sm">
            <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            <span>
              Your plan is now {tierLabel('enterprise')} via {name}. Your pictures, history and credits stay
              your own.
            </span>
          </p>
          <Button asChild size="lg">
            <Link to="/dashboard">Go to your dashboard</Link>
          </Button>
          <Link to="/settings/team" className={`${inlineLinkClass} text-center text-sm`}>
            See your team
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (join.isError) {
    const wrongAccount = join.error instanceof ApiError && join.error.code === 'invitation_other_address';
    return (
      <AuthCard title="Could not join the team" documentTitle={TITLE}>
        <div className="flex flex-col gap-4">
          <FormAlert>{refusal(join.error, me?.user.email ?? '')}</FormAlert>
          {wrongAccount ? (
            <Button
              size="lg"
              onClick={async () => {
                await signOut();
                navigate(`/login?${back}`, { replace: true });
              }}
            >
              Sign out and use the invited address
            </Button>
          ) : (
            <Button asChild size="lg" variant="outline">
              <Link to="/dashboard">Go to your dashboard</Link>
            </Button>
          )}
        </div>
      </AuthCard>
    );
  }

  return <CenteredSpinner label="Joining the team" />;
}
